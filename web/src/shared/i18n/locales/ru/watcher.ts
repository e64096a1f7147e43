/** The student's exam waiting room (/s/assignment-watcher): today's assignments and their starts. */
export const watcher = {
  title: 'Зал ожидания',
  description: 'Задания, которые идут сейчас или начнутся в ближайшие 24 часа. Список обновляется сам.',
  homeLink: 'Зал ожидания: задания на сегодня',
  all: 'Все задания',
  empty: 'Сегодня заданий нет',
  emptyHint: 'Когда учитель выдаст задание, оно появится здесь без перезагрузки страницы.',
  loadFailed: 'Не удалось загрузить задания. Список обновится сам, как только сервер ответит.',
  autoOpen: 'Открыть автоматически при начале',
  autoOpenHint: 'Страница задания откроется сама, когда наступит время начала.',
  startsAt: 'Начало: {{time}}',
  startedAt: 'Началось: {{time}}',
  startsIn: 'До начала',
  started: 'Идёт',
  classUnknown: 'Без класса',
  proctoring: {
    yes: 'С прокторингом',
    no: 'Без прокторинга',
  },
  attempt: {
    'not-started': 'Не начато',
    'in-progress': 'В процессе',
    finished: 'Завершено',
  },
  state: {
    suspended: 'Приостановлено учителем',
    'no-attempts': 'Попытки закончились',
  },
  action: {
    open: 'Открыть',
    start: 'Начать',
  },
  actionLabel: {
    open: 'Открыть задание «{{name}}»',
    start: 'Начать задание «{{name}}»',
  },
  announce: {
    minutes_one: '«{{name}}» начнётся через {{count}} минуту',
    minutes_few: '«{{name}}» начнётся через {{count}} минуты',
    minutes_many: '«{{name}}» начнётся через {{count}} минут',
    minutes_other: '«{{name}}» начнётся через {{count}} минуты',
    started: '«{{name}}» началось: можно начинать',
  },
  toast: {
    title: 'Задание началось',
    message: '«{{name}}»: можно начинать.',
  },
};
