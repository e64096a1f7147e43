import { assignments } from './en/assignments';
import { auth, challenges, schools } from './en/auth';
import { aiReport } from './en/ai-report';
import { analytics } from './en/analytics';
import { authoring, classes } from './en/authoring';
import { common, groups, person, validation } from './en/common';
import { people, profile, reference } from './en/people';
import { proctoring } from './en/proctoring';
import { sections, shell } from './en/shell';
import { certificates, invites, media } from './en/library';
import { work } from './en/work';
import { studentCourses } from './en/student-courses';
import { rooms } from './en/rooms';
import { infrastructure } from './en/infrastructure';
import { publicReport } from './en/public-report';
import { antiplagiarism } from './en/antiplagiarism';
import { shop } from './en/shop';
import { watcher } from './en/watcher';
import type { Messages } from './ru';

export const en: Messages = {
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
    tagline: 'Learning and online proctoring for schools',
  },
  language: {
    label: 'Interface language',
  },
  units: {
    ms: 'ms',
    s: 's',
    min: 'min',
    h: 'h',
    d: 'd',
  },
  errors: {
    title: 'An error occurred.',
    noResponse: 'The server did not respond. Check your network connection and try again.',
    unknown: 'Unknown error',
    notFound: 'This page could not be found',
    notFoundHint: 'The link may be outdated, or the address may contain a typo.',
    crashed: 'Something went wrong',
    crashedHint: 'Reload the page. If the error comes back, tell your school administrator.',
    reload: 'Reload the page',
    toHome: 'Go to the home page',
    forbidden: 'Forbidden',
    forbiddenHint: 'Your role has no access to this page.',
  },
  home: {
    title: 'Sabaq: learning, assessment and proctoring',
    lead: 'A platform for schools where teachers build lessons, quizzes and courses, students take them, under camera supervision when needed, and proctors watch exams and review violations.',
    teachers: 'For teachers: lessons, quizzes, courses, assignments and result reports.',
    students: 'For students: assignments, materials and certificates in one place.',
    proctors: 'For proctors: live exams, recordings and violations on a timeline.',
    statusLink: 'Platform status',
    greeting: 'Hello, {{name}}!',
    yourSchool: 'Your school',
    sections: 'Sections',
    about: {
      admin: "The platform's reference data and the school's people.",
      manager: "The school's people, learning materials and shop.",
      teacher: 'Lessons, quizzes, courses and assignments for your classes.',
      student: 'Your assignments, materials and certificates.',
      proctor: 'The exams you watch.',
      analyst: "The platform's analytics.",
    },
    counts: {
      students: 'Students',
      teachers: 'Teachers',
      proctors: 'Proctors',
      regions: 'Regions',
      cities: 'Cities',
    },
    noArea: {
      title: 'There are no sections for your role yet',
      text: "The analyst's workspace will come with the reports. You are signed in and your account is active.",
    },
  },
  status: {
    title: 'Platform status',
    description: 'Refreshed automatically every 5 seconds.',
    overall: {
      up: 'All systems operational',
      degraded: 'Degraded',
      down: 'Platform unavailable',
    },
    summary: {
      components: 'Components up: {{up}} of {{total}}',
      projections: 'Read models caught up: {{live}} of {{total}}',
    },
    meta: {
      mode: 'Mode',
      version: 'Version',
      uptime: 'Uptime',
      startedAt: 'Started',
      updatedAt: 'Updated',
    },
    mode: {
      embedded: 'Embedded: a single process',
      distributed: 'Distributed',
    },
    components: {
      title: 'Components',
      latency: 'Response',
      kind: 'Backed by',
      names: {
        event_store: 'Event store',
        read_models: 'Read models',
        analytics: 'Analytics',
        objects: 'File storage',
        log: 'Event log',
        http: 'Web server',
        transcoder: 'Video transcoder (ffmpeg)',
        analyzer: 'AI re-analysis',
      },
      states: {
        up: 'Up',
        down: 'Down',
        starting: 'Starting',
      },
    },
    projections: {
      title: 'Read models',
      description:
        'How much of the event log each projection has processed. A full bar means the screens show current data.',
      empty: 'No projections yet.',
      name: 'Projection',
      version: 'Version',
      state: 'State',
      progress: 'Position / log head',
      lag: 'Lag, events',
      parked: 'Parked events: {{count}}. First error: {{error}}. After a fix: {{command}}',
      states: {
        live: 'Live',
        catching_up: 'Catching up',
        stopped: 'Stopped',
        rebuilding: 'Rebuilding',
        failed: 'Failed',
      },
    },
    unreachable: {
      title: 'The platform is not responding',
      stale: 'The data below is as of {{time}}. Retrying every 5 seconds.',
      never: 'Could not get the platform status. Retrying every 5 seconds.',
    },
    retry: 'Retry now',
    unknown: 'Unknown',
  },
};
