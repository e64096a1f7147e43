import type { Messages } from '../ru';

export const watcher: Messages['watcher'] = {
  title: 'Күту залы',
  description: 'Қазір жүріп жатқан немесе алдағы 24 сағатта басталатын тапсырмалар. Тізім өзі жаңарады.',
  homeLink: 'Күту залы: бүгінгі тапсырмалар',
  all: 'Барлық тапсырмалар',
  empty: 'Бүгін тапсырма жоқ',
  emptyHint: 'Мұғалім тапсырма бергенде, ол мұнда бетті қайта жүктемей-ақ пайда болады.',
  loadFailed: 'Тапсырмаларды жүктеу мүмкін болмады. Сервер жауап бергенде тізім өзі жаңарады.',
  autoOpen: 'Басталғанда автоматты түрде ашу',
  autoOpenHint: 'Басталу уақыты келгенде тапсырма беті өзі ашылады.',
  startsAt: 'Басталуы: {{time}}',
  startedAt: 'Басталды: {{time}}',
  startsIn: 'Басталуына дейін',
  started: 'Жүріп жатыр',
  classUnknown: 'Сыныпсыз',
  proctoring: {
    yes: 'Прокторингпен',
    no: 'Прокторингсіз',
  },
  attempt: {
    'not-started': 'Басталмаған',
    'in-progress': 'Орындалуда',
    finished: 'Аяқталған',
  },
  state: {
    suspended: 'Мұғалім тоқтата тұрды',
    'no-attempts': 'Әрекеттер таусылды',
  },
  action: {
    open: 'Ашу',
    start: 'Бастау',
  },
  actionLabel: {
    open: '«{{name}}» тапсырмасын ашу',
    start: '«{{name}}» тапсырмасын бастау',
  },
  announce: {
    minutes_one: '«{{name}}» {{count}} минуттан кейін басталады',
    minutes_few: '«{{name}}» {{count}} минуттан кейін басталады',
    minutes_many: '«{{name}}» {{count}} минуттан кейін басталады',
    minutes_other: '«{{name}}» {{count}} минуттан кейін басталады',
    started: '«{{name}}» басталды: бастауға болады',
  },
  toast: {
    title: 'Тапсырма басталды',
    message: '«{{name}}»: бастауға болады.',
  },
};
