import { assignments } from './kz/assignments';
import { auth, challenges, schools } from './kz/auth';
import { aiReport } from './kz/ai-report';
import { analytics } from './kz/analytics';
import { authoring, classes } from './kz/authoring';
import { common, groups, person, validation } from './kz/common';
import { people, profile, reference } from './kz/people';
import { proctoring } from './kz/proctoring';
import { sections, shell } from './kz/shell';
import { certificates, invites, media } from './kz/library';
import { work } from './kz/work';
import { studentCourses } from './kz/student-courses';
import { rooms } from './kz/rooms';
import { infrastructure } from './kz/infrastructure';
import { publicReport } from './kz/public-report';
import { antiplagiarism } from './kz/antiplagiarism';
import { shop } from './kz/shop';
import { watcher } from './kz/watcher';
import type { Messages } from './ru';

export const kz: Messages = {
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
    tagline: 'Мектептерге арналған оқыту және онлайн-прокторинг',
  },
  language: {
    label: 'Интерфейс тілі',
  },
  units: {
    ms: 'мс',
    s: 'с',
    min: 'мин',
    h: 'сағ',
    d: 'күн',
  },
  errors: {
    title: 'Қате орын алды.',
    noResponse: 'Сервер жауап бермеді. Желіге қосылымды тексеріп, қайталап көріңіз.',
    unknown: 'Белгісіз қате',
    notFound: 'Бет табылмады',
    notFoundHint: 'Сілтеме ескірген немесе мекенжайда қате болуы мүмкін.',
    crashed: 'Бірдеңе дұрыс болмады',
    crashedHint: 'Бетті жаңартыңыз. Қате қайталанса, мектеп әкімшісіне хабарлаңыз.',
    reload: 'Бетті жаңарту',
    toHome: 'Басты бетке',
    forbidden: 'Қол жеткізуге тыйым салынған',
    forbiddenHint: 'Сіздің рөліңіздің бұл бетке қолжетімі жоқ.',
  },
  home: {
    title: 'Sabaq: оқу, білімді тексеру және прокторинг',
    lead: 'Мектептерге арналған платформа: мұғалімдер сабақтар, тесттер мен курстар жасайды, оқушылар оларды, қажет болса камера бақылауымен, өтеді, ал прокторлар емтиханды бақылап, бұзушылықтарды қарайды.',
    teachers: 'Мұғалімдерге: сабақтар, тесттер, курстар, тапсырмалар және нәтижелер бойынша есептер.',
    students: 'Оқушыларға: тапсырмалар, материалдар және сертификаттар бір жерде.',
    proctors: 'Прокторларға: емтихан барысы, жазбалар және уақыт шкаласындағы бұзушылықтар.',
    statusLink: 'Платформа күйі',
    greeting: 'Сәлеметсіз бе, {{name}}!',
    yourSchool: 'Сіздің мектебіңіз',
    sections: 'Бөлімдер',
    about: {
      admin: 'Платформа анықтамалықтары және мектеп адамдары.',
      manager: 'Мектеп адамдары, оқу материалдары және дүкен.',
      teacher: 'Сыныптарыңызға арналған сабақтар, тесттер, курстар және тапсырмалар.',
      student: 'Тапсырмаларыңыз, материалдарыңыз және сертификаттарыңыз.',
      proctor: 'Сіз бақылайтын емтихандар.',
      analyst: 'Платформа аналитикасы.',
    },
    counts: {
      students: 'Оқушылар',
      teachers: 'Мұғалімдер',
      proctors: 'Прокторлар',
      regions: 'Өңірлер',
      cities: 'Қалалар',
    },
    noArea: {
      title: 'Сіздің рөліңізге арналған бөлімдер әзірге жоқ',
      text: 'Талдаушының жұмыс орны есептермен бірге пайда болады. Сіз жүйеге кірдіңіз, тіркелгіңіз белсенді.',
    },
  },
  status: {
    title: 'Платформа күйі',
    description: 'Деректер әр 5 секунд сайын автоматты түрде жаңартылады.',
    overall: {
      up: 'Барлығы жұмыс істеп тұр',
      degraded: 'Шектеулі жұмыс істеп тұр',
      down: 'Платформа қолжетімсіз',
    },
    summary: {
      components: 'Жұмыс істеп тұрған құрамдас бөліктер: {{total}} ішінен {{up}}',
      projections: 'Журналды қуып жеткен оқу модельдері: {{total}} ішінен {{live}}',
    },
    meta: {
      mode: 'Режим',
      version: 'Нұсқа',
      uptime: 'Қайта іске қосусыз жұмыс уақыты',
      startedAt: 'Іске қосылған',
      updatedAt: 'Жаңартылды',
    },
    mode: {
      embedded: 'Кіріктірілген: бір процесс',
      distributed: 'Үлестірілген',
    },
    components: {
      title: 'Құрамдас бөліктер',
      latency: 'Жауап',
      kind: 'Негізі',
      names: {
        event_store: 'Оқиғалар қоймасы',
        read_models: 'Оқу модельдері',
        analytics: 'Аналитика',
        objects: 'Файл қоймасы',
        log: 'Оқиғалар журналы',
        http: 'Веб-сервер',
        transcoder: 'Бейне түрлендіргіш (ffmpeg)',
        analyzer: 'Жазбаларды ЖИ-талдау',
      },
      states: {
        up: 'Жұмыс істеп тұр',
        down: 'Жұмыс істемейді',
        starting: 'Іске қосылуда',
      },
    },
    projections: {
      title: 'Оқу модельдері',
      description:
        'Әр проекция оқиғалар журналының қанша бөлігін өңдеді. Толық жолақ экрандардағы деректердің өзекті екенін білдіреді.',
      empty: 'Әзірге проекциялар жоқ.',
      name: 'Проекция',
      version: 'Нұсқа',
      state: 'Күйі',
      progress: 'Орны / журнал соңы',
      lag: 'Артта қалу, оқиға',
      parked:
        'Кейінге қалдырылған оқиғалар: {{count}}. Бірінші қате: {{error}}. Түзеткеннен кейін: {{command}}',
      states: {
        live: 'Өзекті',
        catching_up: 'Қуып жетуде',
        rebuilding: 'Қайта құрылуда',
        stopped: 'Тоқтатылған',
        failed: 'Қате',
      },
    },
    unreachable: {
      title: 'Платформа жауап бермейді',
      stale: 'Төмендегі деректер {{time}} уақытындағы. Сұрау әр 5 секунд сайын қайталанады.',
      never: 'Платформа күйін алу мүмкін болмады. Сұрау әр 5 секунд сайын қайталанады.',
    },
    retry: 'Қазір қайталау',
    unknown: 'Белгісіз',
  },
};
