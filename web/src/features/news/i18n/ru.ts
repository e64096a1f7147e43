/** News texts in Russian: the source of the keys (en and kz are typed against it). */
export const ru = {
  title: 'Новости',
  empty: 'Новостей пока нет',
  create: 'Добавить новость',
  edit: 'Изменить',
  remove: 'Удалить',
  removeConfirm: 'Удалить новость «{{title}}»?',
  removed: 'Новость удалена',
  saved: 'Новость сохранена',
  save: 'Сохранить',
  back: 'Все новости',
  main: 'Главная',
  unlisted: 'Только по ссылке',
  draft: 'Черновик',
  notFound: 'Новость не найдена',
  createTitle: 'Новая новость',
  editTitle: 'Изменение новости',
  fields: {
    title: 'Заголовок',
    announce: 'Анонс',
    announceHint: 'Короткий текст для списка новостей',
    categories: 'Рубрики',
    categoriesHint: 'Введите рубрику и нажмите Enter',
    image: 'Изображение',
    body: 'Текст новости',
    isMain: 'Главная новость (показывается первой)',
    isUnlisted: 'Не показывать в списке: открывается только по ссылке',
    status: 'Состояние',
  },
  statuses: { draft: 'Черновик', published: 'Опубликована' },
};
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type NewsMessages = Shape<typeof ru>;
