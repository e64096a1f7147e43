import type { Messages } from '../ru';

export const watcher: Messages['watcher'] = {
  title: 'Waiting room',
  description: 'Assignments running now or starting within 24 hours. The list updates by itself.',
  homeLink: 'Waiting room: today’s assignments',
  all: 'All assignments',
  empty: 'No assignments today',
  emptyHint: 'When a teacher gives you an assignment, it appears here without reloading the page.',
  loadFailed: 'Could not load the assignments. The list will update as soon as the server answers.',
  autoOpen: 'Open automatically at the start',
  autoOpenHint: 'The assignment’s page opens by itself when its start time comes.',
  startsAt: 'Starts: {{time}}',
  startedAt: 'Started: {{time}}',
  startsIn: 'Starts in',
  started: 'Running',
  classUnknown: 'No class',
  proctoring: {
    yes: 'Proctored',
    no: 'Not proctored',
  },
  attempt: {
    'not-started': 'Not started',
    'in-progress': 'In progress',
    finished: 'Finished',
  },
  state: {
    suspended: 'Suspended by the teacher',
    'no-attempts': 'No attempts left',
  },
  action: {
    open: 'Open',
    start: 'Start',
  },
  actionLabel: {
    open: 'Open the assignment “{{name}}”',
    start: 'Start the assignment “{{name}}”',
  },
  announce: {
    minutes_one: '“{{name}}” starts in {{count}} minute',
    minutes_few: '“{{name}}” starts in {{count}} minutes',
    minutes_many: '“{{name}}” starts in {{count}} minutes',
    minutes_other: '“{{name}}” starts in {{count}} minutes',
    started: '“{{name}}” has started: you can begin',
  },
  toast: {
    title: 'The assignment has started',
    message: '“{{name}}”: you can begin.',
  },
};
