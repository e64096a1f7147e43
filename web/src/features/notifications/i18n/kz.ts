import type { NotificationMessages } from './ru';

export const kz: NotificationMessages = {
  types: {
    assignment_given: { name: 'Жаңа тапсырма', description: '«{{assignment_name}}»' },
    result_scored: { name: 'Нәтиже дайын', description: '«{{assignment_name}}»: {{score}} ұпай' },
    result_reviewed: { name: 'Жұмыс тексерілді', description: '«{{assignment_name}}»: {{score}} ұпай' },
    certificate_issued: {
      name: 'Сертификат берілді',
      description: '«{{certificate_name}}» № {{certificate_number}}',
    },
    proctor_message: { name: 'Проктордан хабарлама', description: '{{message}}' },
    proctor_warning: { name: 'Проктордан ескерту', description: '{{message}}' },
    exam_suspended: { name: 'Емтихан тоқтатыла тұрды', description: '{{message}}' },
    exam_resumed: { name: 'Емтихан жалғасты', description: '{{message}}' },
    exam_stopped: { name: 'Емтихан тоқтатылды', description: '{{message}}' },
    task_finished: { name: 'Тапсырма аяқталды', description: '«{{task_name}}»: {{status}}' },
    student_registered: {
      name: 'Жаңа оқушы',
      description: '{{student_name}} «{{invite_name}}» кодымен тіркелді',
    },
    assignment_suspended: { name: 'Тапсырма тоқтатыла тұрды', description: '«{{assignment_name}}»' },
    assignment_resumed: { name: 'Тапсырма жалғасты', description: '«{{assignment_name}}»' },
    assignment_finished: { name: 'Тапсырма аяқталды', description: '«{{assignment_name}}»' },
    assignment_rescheduled: {
      name: 'Тапсырма уақыты өзгерді',
      description: '«{{assignment_name}}»: {{starting_at}} – {{ending_at}}',
    },
    chat_message: { name: 'Жеке хабарлама', description: '{{author_name}}: {{message}}' },
  },
  status: { completed: 'дайын', failure: 'қате' },
  someone: 'Оқушы',
  unread: 'Оқылмаған: {{count}}',
  markAll: 'Барлығын оқылды деп белгілеу',
  open: 'Ашу',
  newBadge: 'жаңа',
};
