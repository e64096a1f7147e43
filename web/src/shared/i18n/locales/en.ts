import type { Messages } from './ru';

export const en: Messages = {
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
  },
  home: {
    title: 'Sabaq: learning, assessment and proctoring',
    lead: 'A platform for schools where teachers build lessons, quizzes and courses, students take them, under camera supervision when needed, and proctors watch exams and review violations.',
    teachers: 'For teachers: lessons, quizzes, courses, assignments and result reports.',
    students: 'For students: assignments, materials and certificates in one place.',
    proctors: 'For proctors: live exams, recordings and violations on a timeline.',
    statusLink: 'Platform status',
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
