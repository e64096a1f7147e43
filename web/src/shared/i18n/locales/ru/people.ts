const collection = (title: string, one: string, create: string, empty: string) => ({
  title,
  searchTitle: `${title}: поиск`,
  description: `Список: ${title.toLowerCase()} вашей школы.`,
  create,
  empty,
  editDescription: `Изменение данных: ${one.toLowerCase()}`,
  one,
});

export const people = {
  total: 'Всего записей: {{count}}',
  searchLabel: 'Поиск',
  searchPlaceholder: 'Фамилия, имя, логин, e-mail или телефон',
  searchFor: 'Результаты по запросу «{{query}}»',
  nothingFound: 'Ничего не найдено',
  created: 'Запись создана',
  saved: 'Изменения сохранены',
  deactivated: 'Учётная запись отключена',
  deactivate: 'Отключить',
  deactivateConfirm: 'Отключить учётную запись «{{name}}»? Пользователь больше не сможет войти.',
  missing: 'Запись не найдена',
  form: {
    account: 'Учётная запись',
    usernameHint: 'Латинские буквы, цифры, точка, дефис или подчёркивание',
    passwordHint: 'Не короче 6 символов',
    profile: 'Личные данные',
    settings: 'Настройки',
    createDescription: 'Пользователь войдёт с этим логином и паролем.',
  },
  settings: {
    notify_via_sms: 'Уведомления по SMS',
    notify_via_email: 'Уведомления по e-mail',
    request_photo_challenge: 'Запрашивать фото для идентификации',
  },
  students: collection('Ученики', 'Ученик', 'Добавить ученика', 'Учеников пока нет'),
  teachers: collection('Учителя', 'Учитель', 'Добавить учителя', 'Учителей пока нет'),
  proctors: collection('Прокторы', 'Проктор', 'Добавить проктора', 'Прокторов пока нет'),
};

export const reference = {
  total: 'Всего записей: {{count}}',
  created: 'Запись создана',
  saved: 'Изменения сохранены',
  deleted: 'Запись удалена',
  deleteConfirm: 'Удалить «{{name}}»?',
  fields: {
    name: 'Название',
    description: 'Описание',
    slug: 'Код в адресе',
    slugHint: 'Строчные латинские буквы, цифры и дефис',
    region: 'Регион',
    noRegion: 'Без региона',
    isDefault: 'По умолчанию',
    type: 'Тип',
    website: 'Сайт',
    phone: 'Телефон колл-центра',
  },
  regions: {
    title: 'Регионы',
    description: 'Регионы, к которым относятся города.',
    create: 'Добавить регион',
    empty: 'Регионов пока нет',
    one: 'Регион',
  },
  cities: {
    title: 'Города',
    description: 'Города для адресов и доставки.',
    create: 'Добавить город',
    empty: 'Городов пока нет',
    one: 'Город',
  },
  schools: {
    title: 'Школы',
    description: 'Школы, в которых вы состоите.',
    readOnly:
      'Список только для чтения: на сервере пока нет справочника школ, поэтому показаны школы вашей учётной записи. Создание и изменение школ появится вместе с ним.',
    empty: 'Школ нет',
    missing: 'Школа не найдена',
    one: 'Школа',
  },
};

export const profile = {
  title: 'Профиль',
  description: 'Ваши данные в платформе.',
  edit: 'Редактировать профиль',
  password: 'Смена пароля',
  passwordHint: 'После смены пароля остальные ваши сеансы будут завершены.',
  school: 'Школа',
  missing: 'Пользователь не найден',
  saved: 'Профиль сохранён',
  readOnly: 'Ваши данные ведёт администрация школы. Чтобы их изменить, обратитесь к менеджеру школы.',
};
