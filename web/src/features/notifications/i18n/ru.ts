/** Notification texts in Russian: the source of the keys (en and kz are typed against it). */
export const ru = {
  types: {
    assignment_given: { name: 'Новое задание', description: '«{{assignment_name}}»' },
    result_scored: { name: 'Результат готов', description: '«{{assignment_name}}»: {{score}} балл.' },
    result_reviewed: { name: 'Работа проверена', description: '«{{assignment_name}}»: {{score}} балл.' },
    certificate_issued: {
      name: 'Выдан сертификат',
      description: '«{{certificate_name}}» № {{certificate_number}}',
    },
    proctor_message: { name: 'Сообщение от проктора', description: '{{message}}' },
    proctor_warning: { name: 'Предупреждение от проктора', description: '{{message}}' },
    exam_suspended: { name: 'Экзамен приостановлен', description: '{{message}}' },
    exam_resumed: { name: 'Экзамен возобновлён', description: '{{message}}' },
    exam_stopped: { name: 'Экзамен остановлен', description: '{{message}}' },
    task_finished: { name: 'Задача завершена', description: '«{{task_name}}»: {{status}}' },
    student_registered: {
      name: 'Новый ученик',
      description: '{{student_name}} зарегистрировался по коду «{{invite_name}}»',
    },
    assignment_suspended: { name: 'Задание приостановлено', description: '«{{assignment_name}}»' },
    assignment_resumed: { name: 'Задание возобновлено', description: '«{{assignment_name}}»' },
    assignment_finished: { name: 'Задание завершено', description: '«{{assignment_name}}»' },
    assignment_rescheduled: {
      name: 'Время задания изменено',
      description: '«{{assignment_name}}»: с {{starting_at}} до {{ending_at}}',
    },
    chat_message: { name: 'Личное сообщение', description: '{{author_name}}: {{message}}' },
  },
  status: { completed: 'готово', failure: 'ошибка' },
  someone: 'Ученик',
  unread: 'Непрочитанных: {{count}}',
  markAll: 'Прочитать все',
  open: 'Открыть',
  newBadge: 'новое',
};
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type NotificationMessages = Shape<typeof ru>;
