import { assignments } from './ru/assignments';
import { auth, challenges, schools } from './ru/auth';
import { aiReport } from './ru/ai-report';
import { analytics } from './ru/analytics';
import { authoring, classes } from './ru/authoring';
import { common, groups, person, validation } from './ru/common';
import { people, profile, reference } from './ru/people';
import { proctoring } from './ru/proctoring';
import { sections, shell } from './ru/shell';
import { certificates, invites, media } from './ru/library';
import { work } from './ru/work';
import { studentCourses } from './ru/student-courses';
import { rooms } from './ru/rooms';
import { infrastructure } from './ru/infrastructure';
import { publicReport } from './ru/public-report';
import { antiplagiarism } from './ru/antiplagiarism';
import { shop } from './ru/shop';
import { watcher } from './ru/watcher';

/** Russian: the source of truth for keys. Other locales are typed against this object. */
export const ru = {
  common,
  validation,
  person,
  groups,
  auth,
  challenges,
  schools,
  shell,
  sections,
  people,
  reference,
  profile,
  assignments,
  work,
  studentCourses,
  authoring,
  classes,
  rooms,
  infrastructure,
  publicReport,
  antiplagiarism,
  shop,
  watcher,
  aiReport,
  proctoring,
  analytics,
  media,
  invites,
  certificates,
  app: {
    name: 'Sabaq',
    tagline: 'Обучение и онлайн-прокторинг для школ',
  },
  language: {
    label: 'Язык интерфейса',
  },
  units: {
    ms: 'мс',
    s: 'с',
    min: 'мин',
    h: 'ч',
    d: 'д',
  },
  errors: {
    title: 'Произошла ошибка.',
    noResponse: 'Сервер не ответил. Проверьте подключение к сети и попробуйте ещё раз.',
    unknown: 'Неизвестная ошибка',
    notFound: 'Страница не найдена',
    notFoundHint: 'Возможно, ссылка устарела или в адресе опечатка.',
    crashed: 'Что-то пошло не так',
    crashedHint: 'Обновите страницу. Если ошибка повторится, сообщите администратору школы.',
    reload: 'Обновить страницу',
    toHome: 'На главную',
    forbidden: 'Доступ запрещён',
    forbiddenHint: 'У вашей роли нет доступа к этой странице.',
  },
  home: {
    title: 'Sabaq: учёба, проверка знаний и прокторинг',
    lead: 'Платформа для школ, где учителя создают уроки, тесты и курсы, ученики проходят их, в том числе под наблюдением камеры, а прокторы следят за экзаменами и разбирают нарушения.',
    teachers: 'Учителям: уроки, тесты, курсы, задания и отчёты по результатам.',
    students: 'Ученикам: задания, материалы и сертификаты в одном месте.',
    proctors: 'Прокторам: ход экзамена, записи и нарушения на временной шкале.',
    statusLink: 'Состояние платформы',
    greeting: 'Здравствуйте, {{name}}!',
    yourSchool: 'Ваша школа',
    sections: 'Разделы',
    about: {
      admin: 'Справочники платформы и люди школы.',
      manager: 'Люди школы, учебные материалы и магазин.',
      teacher: 'Уроки, тесты, курсы и задания для ваших классов.',
      student: 'Ваши задания, материалы и сертификаты.',
      proctor: 'Экзамены, за которыми вы наблюдаете.',
      analyst: 'Аналитика платформы.',
    },
    counts: {
      students: 'Ученики',
      teachers: 'Учителя',
      proctors: 'Прокторы',
      regions: 'Регионы',
      cities: 'Города',
    },
    noArea: {
      title: 'Разделов для вашей роли пока нет',
      text: 'Рабочее место аналитика появится вместе с отчётами. Вход выполнен, учётная запись активна.',
    },
  },
  status: {
    title: 'Состояние платформы',
    description: 'Данные обновляются автоматически каждые 5 секунд.',
    overall: {
      up: 'Всё работает',
      degraded: 'Работает с ограничениями',
      down: 'Платформа недоступна',
    },
    summary: {
      components: 'Компоненты в работе: {{up}} из {{total}}',
      projections: 'Модели чтения догнали журнал: {{live}} из {{total}}',
    },
    meta: {
      mode: 'Режим',
      version: 'Версия',
      uptime: 'Работает без перезапуска',
      startedAt: 'Запущена',
      updatedAt: 'Обновлено',
    },
    mode: {
      embedded: 'Встроенный: один процесс',
      distributed: 'Распределённый',
    },
    components: {
      title: 'Компоненты',
      latency: 'Отклик',
      kind: 'Реализация',
      names: {
        event_store: 'Хранилище событий',
        read_models: 'Модели чтения',
        analytics: 'Аналитика',
        objects: 'Хранилище файлов',
        log: 'Журнал событий',
        http: 'Веб-сервер',
        transcoder: 'Конвертер видео (ffmpeg)',
        analyzer: 'ИИ-анализ записей',
      },
      states: {
        up: 'Работает',
        down: 'Не работает',
        starting: 'Запускается',
      },
    },
    projections: {
      title: 'Модели чтения',
      description:
        'Сколько событий журнала каждая проекция уже обработала. Полная полоса — данные на экранах актуальны.',
      empty: 'Проекций пока нет.',
      name: 'Проекция',
      version: 'Версия',
      state: 'Состояние',
      progress: 'Позиция / конец журнала',
      lag: 'Отставание, событий',
      parked: 'Отложено событий: {{count}}. Первая ошибка: {{error}}. После исправления: {{command}}',
      states: {
        live: 'Актуальна',
        catching_up: 'Догоняет',
        rebuilding: 'Перестраивается',
        stopped: 'Остановлена',
        failed: 'Ошибка',
      },
    },
    unreachable: {
      title: 'Платформа не отвечает',
      stale: 'Ниже данные на {{time}}. Запрос повторяется каждые 5 секунд.',
      never: 'Не удалось получить состояние платформы. Запрос повторяется каждые 5 секунд.',
    },
    retry: 'Повторить сейчас',
    unknown: 'Неизвестно',
  },
};

/** Same keys as Russian, any text. */
export type Messages = typeof ru;
