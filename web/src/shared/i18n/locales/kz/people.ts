import type { Messages } from '../ru';

const collection = (title: string, one: string, create: string, empty: string) => ({
  title,
  searchTitle: `${title}: іздеу`,
  description: `Мектебіңіздің тізімі: ${title.toLowerCase()}.`,
  create,
  empty,
  editDescription: `Деректерді өзгерту: ${one.toLowerCase()}`,
  one,
});

export const people: Messages['people'] = {
  total: 'Барлық жазба: {{count}}',
  searchLabel: 'Іздеу',
  searchPlaceholder: 'Тегі, аты, логин, e-mail немесе телефон',
  searchFor: '«{{query}}» сұрауы бойынша нәтижелер',
  nothingFound: 'Ештеңе табылмады',
  created: 'Жазба құрылды',
  saved: 'Өзгерістер сақталды',
  deactivated: 'Тіркелгі өшірілді',
  deactivate: 'Өшіру',
  deactivateConfirm: '«{{name}}» тіркелгісін өшіресіз бе? Пайдаланушы бұдан былай кіре алмайды.',
  missing: 'Жазба табылмады',
  form: {
    account: 'Тіркелгі',
    usernameHint: 'Латын әріптері, сандар, нүкте, сызықша немесе астын сызу',
    passwordHint: 'Кемінде 6 таңба',
    profile: 'Жеке деректер',
    settings: 'Баптаулар',
    createDescription: 'Пайдаланушы осы логин мен құпиясөз арқылы кіреді.',
  },
  settings: {
    notify_via_sms: 'SMS арқылы хабарламалар',
    notify_via_email: 'E-mail арқылы хабарламалар',
    request_photo_challenge: 'Сәйкестендіру үшін фото сұрау',
  },
  students: collection('Оқушылар', 'Оқушы', 'Оқушы қосу', 'Әзірге оқушылар жоқ'),
  teachers: collection('Мұғалімдер', 'Мұғалім', 'Мұғалім қосу', 'Әзірге мұғалімдер жоқ'),
  proctors: collection('Прокторлар', 'Проктор', 'Проктор қосу', 'Әзірге прокторлар жоқ'),
};

export const reference: Messages['reference'] = {
  total: 'Барлық жазба: {{count}}',
  created: 'Жазба құрылды',
  saved: 'Өзгерістер сақталды',
  deleted: 'Жазба жойылды',
  deleteConfirm: '«{{name}}» жойылсын ба?',
  fields: {
    name: 'Атауы',
    description: 'Сипаттама',
    slug: 'Мекенжайдағы код',
    slugHint: 'Кіші латын әріптері, сандар және сызықша',
    region: 'Өңір',
    noRegion: 'Өңірсіз',
    isDefault: 'Әдепкі',
    type: 'Түрі',
    website: 'Сайт',
    phone: 'Байланыс орталығының телефоны',
  },
  regions: {
    title: 'Өңірлер',
    description: 'Қалалар жататын өңірлер.',
    create: 'Өңір қосу',
    empty: 'Әзірге өңірлер жоқ',
    one: 'Өңір',
  },
  cities: {
    title: 'Қалалар',
    description: 'Мекенжайлар мен жеткізуге арналған қалалар.',
    create: 'Қала қосу',
    empty: 'Әзірге қалалар жоқ',
    one: 'Қала',
  },
  schools: {
    title: 'Мектептер',
    description: 'Платформа мектептері: әкімші оларды қосады және өзгертеді.',
    create: 'Мектеп қосу',
    empty: 'Мектептер жоқ',
    missing: 'Мектеп табылмады',
    one: 'Мектеп',
  },
};

export const profile: Messages['profile'] = {
  title: 'Профиль',
  description: 'Платформадағы деректеріңіз.',
  edit: 'Профильді өңдеу',
  password: 'Құпиясөзді ауыстыру',
  passwordHint: 'Құпиясөзді ауыстырғаннан кейін басқа сеанстарыңыз аяқталады.',
  school: 'Мектеп',
  missing: 'Пайдаланушы табылмады',
  saved: 'Профиль сақталды',
  avatar: 'Профиль суреті',
  contactHint: 'Жаңа мекенжай немесе нөмір кодпен расталады.',
  codeSentEmail: 'Растау коды {{email}} мекенжайына жіберілді',
  codeSentPhone: 'Растау коды {{phone}} нөміріне жіберілді',
  languageHint: 'Осы браузерде сақталады және бірден қолданылады.',
};
