/**
 * Enumerations the web client fetches by name (`/api/enum/{name}.json`) or all at once
 * (`/api/enums.json`). Each item is { raw, name } as the specification's "Enumeration item".
 * They are vocabulary fixed by the code that uses them, so they are served from here, not from events.
 */
export interface EnumItem {
  raw: string | number;
  name: string;
}

const items = (names: Record<string, string>): EnumItem[] =>
  Object.entries(names).map(([raw, name]) => ({ raw, name }));

export const enumerations: Record<string, EnumItem[]> = {
  'media-statuses': items({
    undefined: 'Не определён',
    in_process: 'Обрабатывается',
    ready: 'Готово',
    failure: 'Ошибка',
  }),
  'task-states': items({
    new: 'Новая',
    process: 'Выполняется',
    completed: 'Завершена',
    suspended: 'Приостановлена',
    failure: 'Ошибка',
  }),
  'assignment-statuses': items({
    completed: 'Завершено',
    remaining: 'Предстоит',
    suspended: 'Приостановлено',
    process: 'Идёт',
  }),
  'assignment-types': items({
    quiz: 'Тест',
    lesson: 'Урок',
    webinar: 'Вебинар',
    external: 'Внешнее',
  }),
  'result-codes': [
    { raw: 0, name: 'Не определён' },
    { raw: 1, name: 'Ответ дан' },
    { raw: 2, name: 'Неверно' },
    { raw: 3, name: 'Верно' },
  ],
  // The chat's message actions (contexts/chat, docs/chat.md).
  'chat-message-actions': items({
    message: 'Сообщение',
    joined: 'Присоединился к чату',
    left: 'Покинул чат',
  }),
};
