import type { NotificationMessages } from './ru';

export const en: NotificationMessages = {
  types: {
    assignment_given: { name: 'New assignment', description: '“{{assignment_name}}”' },
    result_scored: { name: 'Result ready', description: '“{{assignment_name}}”: {{score}} pts' },
    result_reviewed: { name: 'Work reviewed', description: '“{{assignment_name}}”: {{score}} pts' },
    certificate_issued: {
      name: 'Certificate issued',
      description: '“{{certificate_name}}” No. {{certificate_number}}',
    },
    proctor_message: { name: 'Message from the proctor', description: '{{message}}' },
    proctor_warning: { name: 'Warning from the proctor', description: '{{message}}' },
    exam_suspended: { name: 'Exam suspended', description: '{{message}}' },
    exam_resumed: { name: 'Exam resumed', description: '{{message}}' },
    exam_stopped: { name: 'Exam stopped', description: '{{message}}' },
    task_finished: { name: 'Task finished', description: '“{{task_name}}”: {{status}}' },
    student_registered: {
      name: 'New student',
      description: '{{student_name}} registered with the code “{{invite_name}}”',
    },
    assignment_suspended: { name: 'Assignment suspended', description: '“{{assignment_name}}”' },
    assignment_resumed: { name: 'Assignment resumed', description: '“{{assignment_name}}”' },
    assignment_finished: { name: 'Assignment finished', description: '“{{assignment_name}}”' },
    assignment_rescheduled: {
      name: 'Assignment time changed',
      description: '“{{assignment_name}}”: from {{starting_at}} to {{ending_at}}',
    },
    chat_message: { name: 'Personal message', description: '{{author_name}}: {{message}}' },
  },
  status: { completed: 'done', failure: 'failed' },
  someone: 'A student',
  unread: 'Unread: {{count}}',
  markAll: 'Mark all as read',
  open: 'Open',
  newBadge: 'new',
};
