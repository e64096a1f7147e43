import type { WebinarMessages } from './ru';

export const kz: WebinarMessages = {
  title: 'Вебинар',
  connecting: 'Қосылу…',
  waiting: 'Басқа қатысушыларды күтудеміз',
  you: 'Сіз',
  participant: 'Қатысушы',
  cameraOff: 'Камераны өшіру',
  cameraOn: 'Камераны қосу',
  micOff: 'Микрофонды өшіру',
  micOn: 'Микрофонды қосу',
  join: 'Вебинарға кіру',
  leave: 'Шығу',
  end: 'Барлығы үшін аяқтау',
  ended: 'Вебинар аяқталды',
  forbidden: 'Сіз бұл вебинардың қатысушысы емессіз',
  notFound: 'Бұл тапсырманың вебинары жоқ',
  noDevices: 'Камераға немесе микрофонға рұқсат жоқ: браузерде рұқсат етіңіз',
  full: 'Вебинарда {{count}} қатысушы бар: бұдан көп сыймайды',
  people: 'Қатысушылар: {{count}}',
};
