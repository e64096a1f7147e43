export const common = {
  cancel: 'Отмена',
  confirm: 'Подтвердить',
  close: 'Закрыть',
  back: 'Назад',
  continue: 'Продолжить',
  send: 'Отправить',
  ready: 'Готово',
  exit: 'Выйти',
  save: 'Сохранить',
  create: 'Создать',
  edit: 'Редактировать',
  delete: 'Удалить',
  search: 'Поиск',
  find: 'Найти',
  loading: 'Загрузка…',
  yes: 'Да',
  no: 'Нет',
  nothingFound: 'Ничего не найдено',
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
  dateField: {
    placeholder: 'ДД.ММ.ГГ',
    invalid: 'Введите дату в виде ДД.ММ.ГГ',
    tooEarly: 'Не раньше {{day}}',
    tooLate: 'Не позже {{day}}',
  },
};

export const validation = {
  required: 'Обязательное поле',
  passwordMin: 'Минимальная длина пароля {{count}} символов',
  passwordMismatch: 'Пароли не совпадают',
};

export const person = {
  lastname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  email: 'E-mail',
  username: 'Логин',
  fullName: 'ФИО',
  registered: 'Зарегистрирован',
  description: 'Описание',
};

export const groups = {
  admin: 'Администратор',
  manager: 'Менеджер',
  teacher: 'Учитель',
  student: 'Ученик',
  proctor: 'Проктор',
  analyst: 'Аналитик',
  unknown: 'Пользователь',
};
