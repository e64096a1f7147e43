/** Webinar texts in Russian: the source of the keys (en and kz are typed against it). */
export const ru = {
  title: 'Вебинар',
  connecting: 'Подключение…',
  waiting: 'Ждём других участников',
  you: 'Вы',
  participant: 'Участник',
  cameraOff: 'Выключить камеру',
  cameraOn: 'Включить камеру',
  micOff: 'Выключить микрофон',
  micOn: 'Включить микрофон',
  join: 'Войти в вебинар',
  leave: 'Выйти',
  end: 'Завершить для всех',
  ended: 'Вебинар завершён',
  forbidden: 'Вы не участник этого вебинара',
  notFound: 'У этого задания нет вебинара',
  noDevices: 'Нет доступа к камере или микрофону: разрешите их в браузере',
  full: 'В вебинаре уже {{count}} участников: больше не поместится',
  people: 'Участников: {{count}}',
};
export type WebinarMessages = { [K in keyof typeof ru]: string };
