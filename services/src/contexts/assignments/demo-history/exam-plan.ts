import type { ProctoringActionType } from '@sabaq/events';
import { seededRandom } from '../work/attempt-selection';

/** One proctoring action of a planned attempt, at minutes after the attempt's start. */
export interface PlannedAction {
  key: string;
  type: ProctoringActionType;
  minute: number;
  /** A proctor's action (the teacher's warning) rather than the student's browser's. */
  byProctor?: boolean;
}

export interface PlannedAttempt {
  student: 'student' | 'student2';
  start: Date;
  finish: Date;
  /** The two choice questions of the demo quiz: answered right or wrong. */
  rightSingle: boolean;
  rightMultiple: boolean;
  actions: PlannedAction[];
}

export interface PlannedExam {
  key: string;
  name: string;
  /** When the teacher made the assignment: an hour before the first attempt. */
  createdAt: Date;
  attempts: PlannedAttempt[];
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Days before today of the past exams: two a week over four weeks, all inside the dashboard's 30 days. */
const EXAM_DAYS = [26, 23, 19, 16, 12, 9, 5, 2] as const;

const SUBJECTS = [
  'Алгебра',
  'Физика',
  'Химия',
  'Геометрия',
  'Биология',
  'История Казахстана',
  'Информатика',
  'География',
] as const;

/** Violations weighted by how often a class's browsers report them (focus is lost most). */
const VIOLATION_POOL: readonly ProctoringActionType[] = [
  'focus_lost',
  'focus_lost',
  'focus_lost',
  'face_missing',
  'face_missing',
  'head_turned',
  'noise',
  'noise',
  'many_faces',
  'eye_away',
  'prohibited_objects',
  'earphone',
];

/**
 * The demo school's past proctored exams relative to `today` (its UTC day): eight quizzes over four
 * weeks, each sat by both demo students, with answers and the proctoring signals a real session sends.
 * Pure and seeded by the exam's key, so the same day gives the same plan; every action lies within
 * its attempt (start ≤ time ≤ finish), as the ingest's bounds demand of a live one.
 */
export function planDemoExams(today: Date): PlannedExam[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return EXAM_DAYS.map((daysAgo, index) => {
    const key = `week-exam-${index + 1}`;
    const random = seededRandom(`demo-history:${key}`);
    // 09:00 UTC (15:00 in Almaty is after lessons; the hour only needs to be the same day's).
    const first = midnight - daysAgo * DAY_MS + 9 * 60 * MINUTE_MS;
    const attempts = (['student', 'student2'] as const).map((student, s) =>
      planAttempt(student, first + s * 7 * MINUTE_MS, random, index === 3 && s === 1),
    );
    return {
      key,
      name: `Контрольная: ${SUBJECTS[index]}`,
      createdAt: new Date(first - 60 * MINUTE_MS),
      attempts,
    };
  });
}

function planAttempt(
  student: PlannedAttempt['student'],
  startMs: number,
  random: () => number,
  warnedByProctor: boolean,
): PlannedAttempt {
  const minutes = 12 + Math.floor(random() * 27);
  const at = (minute: number) => Math.round(minute * 100) / 100;
  const actions: PlannedAction[] = [
    { key: 'session-started', type: 'session_started', minute: 0 },
    { key: 'recording-started', type: 'recording_started', minute: 0.2 },
  ];
  const violations = Math.floor(random() * 7);
  for (let v = 0; v < violations; v += 1) {
    const type = VIOLATION_POOL[Math.floor(random() * VIOLATION_POOL.length)]!;
    const minute = at(1 + random() * (minutes - 3));
    actions.push({ key: `violation-${v}`, type, minute });
    if (type === 'focus_lost')
      actions.push({ key: `returned-${v}`, type: 'focus_returned', minute: minute + 0.3 });
  }
  if (warnedByProctor) {
    actions.push({
      key: 'proctor-warning',
      type: 'proctor_warning',
      minute: at(minutes / 2),
      byProctor: true,
    });
  }
  actions.push({ key: 'session-ended', type: 'session_ended', minute: minutes - 0.1 });
  actions.sort((a, b) => a.minute - b.minute);
  return {
    student,
    start: new Date(startMs),
    finish: new Date(startMs + minutes * MINUTE_MS),
    rightSingle: random() < 0.75,
    rightMultiple: random() < 0.5,
    actions,
  };
}
