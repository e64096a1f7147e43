import type { Messages } from '../ru';

export const common: Messages['common'] = {
  cancel: 'Бас тарту',
  confirm: 'Растау',
  close: 'Жабу',
  back: 'Артқа',
  continue: 'Жалғастыру',
  send: 'Жіберу',
  ready: 'Дайын',
  exit: 'Шығу',
  save: 'Сақтау',
  create: 'Құру',
  edit: 'Өңдеу',
  delete: 'Жою',
  search: 'Іздеу',
  find: 'Табу',
  loading: 'Жүктелуде…',
  yes: 'Иә',
  no: 'Жоқ',
  nothingFound: 'Ештеңе табылмады',
  previousPage: 'Алдыңғы бет',
  nextPage: 'Келесі бет',
  dateField: {
    placeholder: 'КК.АА.ЖЖ',
    invalid: 'Күнді КК.АА.ЖЖ түрінде енгізіңіз',
    tooEarly: '{{day}} күнінен ерте емес',
    tooLate: '{{day}} күнінен кеш емес',
  },
};

export const validation: Messages['validation'] = {
  required: 'Міндетті өріс',
  passwordMin: 'Құпиясөздің ең аз ұзындығы {{count}} таңба',
  passwordMismatch: 'Құпиясөздер сәйкес келмейді',
};

export const person: Messages['person'] = {
  lastname: 'Тегі',
  firstname: 'Аты',
  patronymic: 'Әкесінің аты',
  phone: 'Телефон',
  email: 'E-mail',
  username: 'Логин',
  fullName: 'Аты-жөні',
  registered: 'Тіркелген',
  description: 'Сипаттама',
};

export const groups: Messages['groups'] = {
  admin: 'Әкімші',
  manager: 'Менеджер',
  teacher: 'Мұғалім',
  student: 'Оқушы',
  proctor: 'Проктор',
  analyst: 'Талдаушы',
  unknown: 'Пайдаланушы',
};
