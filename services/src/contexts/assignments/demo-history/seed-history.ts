import {
  assignmentSchema,
  componentMaxPoints,
  proctoringActionKind,
  streamId,
  type NewEvent,
  type ProctoringActionRecordedData,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { quiz } from '../../authoring/collections';
import { demoQuizzes } from '../../authoring/seed/demo-content';
import { demoAuthoringId } from '../../authoring/seed/seed';
import { uuidV5 } from '../../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../../identity/seed';
import { telemetryEventId } from '../../proctoring/ingest/record-actions';
import { assignmentDecider, type AssignmentState } from '../assignments/assignment-decider';
import type { SourceContent } from '../assignments/build-record';
import { gradingPort } from '../grading-port';
import { assignmentStream, eventId, participationStream, resultId } from '../ids';
import { DEMO_CLASS_ID } from '../seed';
import {
  participationDecider,
  type AssignmentView,
  type ParticipationCommand,
  type ParticipationState,
} from '../work/participation-decider';
import { planDemoExams, type PlannedAttempt, type PlannedExam } from './exam-plan';
import { appendDecided } from '../../../platform/commands/handle-command';

type Services = Pick<ContextServices, 'store' | 'ingest' | 'clock' | 'demo' | 'demoHistory'>;
type Decided = { type: string; data: unknown };

const QUIZ_KEY = 'basics';
const TEACHER = demoUserId('teacher');
// The demo class's students (seed.ts): the class's stream is not read, it may be appended a moment ago.
const DEMO_STUDENTS = [demoUserId('student'), demoUserId('student2')];

/** The demo exam's fixed id: a second start finds the same assignment and appends nothing. */
export const demoExamId = (key: string) => uuidV5(`demo-history:assignment:${key}`);
export const demoAttemptId = (key: string, student: string) =>
  uuidV5(`demo-history:attempt:${key}:${student}`);

/**
 * A few weeks of past proctored exams for the demo school (`DEMO=1`), so the analyst's dashboard, the
 * review queue and the reports have something to show on a fresh start (docs/analytics.md).
 *
 * Everything is decided by the deciders the HTTP commands use (the assignment's, the participation's),
 * with the command's clock set to the past moment, and the proctoring actions are the events
 * `POST /api/assignment/actions/batch` builds, handed to the same telemetry ingest. The command
 * handlers themselves are not called: they read and wait for the read models, which the projector may
 * not have built yet at start, and the live action path refuses an attempt that is already finished.
 * The events carry the past times as a live exam's would: `occurredAt` of the action is the client's
 * time inside its attempt, and the attempt starts before and finishes after its actions.
 *
 * Idempotent: ids derive from fixed names, a step whose stream exists is skipped, and the action
 * events have the ids a client's retry would have, so the store keeps them once.
 */
export async function seedDemoHistory(services: Services): Promise<void> {
  if (!services.demo || services.demoHistory === false) return;
  const source = demoQuizSource();
  for (const exam of planDemoExams(services.clock())) {
    const view = await createExam(services, exam, source);
    for (const attempt of exam.attempts) await sitExam(services, exam, view, attempt);
  }
}

/** The demo quiz as the assignment copies it (what lookUpReferences reads from authoring's read model). */
function demoQuizSource(): SourceContent {
  const demo = demoQuizzes.find((q) => q.key === QUIZ_KEY)!;
  const id = demoAuthoringId(`quiz:${demo.key}`);
  const parsed = quiz.create.parse({
    name: demo.name,
    description: demo.description,
    components: demo.components.map(({ key: _key, ...fields }) => fields),
  }) as {
    components: {
      component_type: string;
      data: Record<string, unknown>;
      settings: Record<string, unknown> | null;
    }[];
  };
  return {
    id,
    kind: 'quiz',
    name: demo.name,
    description: demo.description,
    components: parsed.components.map((fields, i) => {
      const componentId = demoAuthoringId(`quiz:${demo.key}:component:${demo.components[i]!.key}`);
      return {
        id: componentId,
        component: componentId,
        type: fields.component_type,
        assessment_id: id,
        assessment_type: 'quiz' as const,
        data: fields.data,
        settings: fields.settings ?? null,
        points: componentMaxPoints(fields),
      };
    }),
  };
}

async function createExam(
  services: Services,
  exam: PlannedExam,
  source: SourceContent,
): Promise<AssignmentView> {
  const id = demoExamId(exam.key);
  const stream = assignmentStream(id);
  const history = await services.store.readStream(stream);
  let state = history.reduce(
    (s, e) => assignmentDecider.evolve(s, e as never),
    assignmentDecider.initialState as AssignmentState,
  );
  if (history.length === 0) {
    const input = assignmentSchema.parse({
      type: 'quiz',
      description: 'Прошедшая контрольная демо-школы: попытки, ответы и нарушения для отчётов.',
      class_id: DEMO_CLASS_ID,
      quizzes: [source.id],
      students: DEMO_STUDENTS,
      complete_time: 45,
      is_proctoring: true,
      is_show_scores: true,
    });
    const events = assignmentDecider.decide(
      {
        type: 'create',
        id,
        input,
        // A quiz assignment takes its name from its quiz: each exam's copy of the demo quiz carries the
        // exam's subject, so the reports tell the eight exams apart.
        references: {
          lessons: {},
          quizzes: { [source.id]: { ...source, name: exam.name } },
          classStudents: DEMO_STUDENTS,
        },
        now: exam.createdAt.toISOString(),
      },
      state,
    );
    await append(services, stream, -1, 'demo-history:create', events, TEACHER, exam.createdAt);
    state = events.reduce((s, e) => assignmentDecider.evolve(s, e as never), state);
  }
  if (state.status !== 'live') throw new Error(`demo exam ${exam.key} is not live`);
  return { record: state.record, suspended: state.suspended, finished: state.finished };
}

/** Start, two answers, finish: each decided at its own past moment; then the session's actions. */
async function sitExam(services: Services, exam: PlannedExam, view: AssignmentView, planned: PlannedAttempt) {
  const studentId = demoUserId(planned.student);
  const attemptId = demoAttemptId(exam.key, planned.student);
  const stream = participationStream(view.record.id, studentId);
  if ((await services.store.streamVersion(stream)) < 0) {
    const grade = gradingPort();
    let state: ParticipationState = participationDecider.initialState;
    let version = -1;
    const step = async (command: ParticipationCommand, key: string, at: Date) => {
      const events = participationDecider.decide(command, state);
      await append(services, stream, version, key, events, studentId, at);
      state = events.reduce((s, e) => participationDecider.evolve(s, e), state);
      version += events.length;
    };
    const base = { assignment: view, studentId };
    await step(
      { ...base, type: 'StartAttempt', attemptId, now: planned.start.toISOString() },
      `start:${attemptId}`,
      planned.start,
    );
    const answers: [string, string[]][] = [
      ['single', planned.rightSingle ? ['six'] : ['eight']],
      ['multiple', planned.rightMultiple ? ['two', 'three', 'eleven'] : ['two', 'nine']],
    ];
    for (const [n, [key, selected]] of answers.entries()) {
      const component = view.record.components.find(
        (c) => c.id === demoAuthoringId(`quiz:${QUIZ_KEY}:component:${key}`),
      )!;
      const at = new Date(planned.start.getTime() + (n + 1) * 3 * 60_000);
      const answer = { selected };
      await step(
        {
          ...base,
          type: 'RecordAnswer',
          attemptId,
          resultId: resultId(attemptId, component.id),
          componentId: component.id,
          componentType: component.type,
          answer,
          grade: await grade(component, answer),
          now: at.toISOString(),
        },
        `answer:${resultId(attemptId, component.id)}`,
        at,
      );
    }
    await step(
      { ...base, type: 'FinishAttempt', attemptId, now: planned.finish.toISOString() },
      `finish:${attemptId}`,
      planned.finish,
    );
  }
  await services.ingest.submit(streamId('proctoring', attemptId), proctoringEvents(view, planned, attemptId));
}

/** The events the action batch builds for these actions (record-actions.ts), with the client's ids. */
function proctoringEvents(view: AssignmentView, planned: PlannedAttempt, attemptId: string): NewEvent[] {
  const studentId = demoUserId(planned.student);
  return planned.actions.map((action): NewEvent<'ProctoringActionRecorded', ProctoringActionRecordedData> => {
    const initiator = action.byProctor ? TEACHER : studentId;
    return {
      id: telemetryEventId('action', attemptId, action.key, () => ''),
      type: 'ProctoringActionRecorded',
      data: {
        assignmentId: view.record.id,
        attemptId,
        studentId,
        initiatorId: initiator,
        webinarSessionId: null,
        actionType: action.type,
        isWarning: proctoringActionKind(action.type) === 'warning',
        description: action.byProctor ? 'Смотрите на экран, пожалуйста.' : null,
        source: action.byProctor ? 'proctor' : 'client',
        screenshots: [],
        // Past exams are point signals, as clients sent before conditions existed.
        condition: null,
      },
      metadata: {
        userId: initiator,
        schoolId: DEMO_SCHOOL_ID,
        occurredAt: new Date(planned.start.getTime() + action.minute * 60_000).toISOString(),
      },
    };
  });
}

async function append(
  services: Services,
  stream: string,
  version: number,
  commandKey: string,
  events: Decided[],
  userId: string,
  at: Date,
) {
  if (events.length === 0) return;
  await appendDecided(services.store, stream, version, events, {
    eventId: (_event, index) => eventId(stream, version, commandKey, index),
    metadata: { userId, schoolId: DEMO_SCHOOL_ID, occurredAt: at.toISOString() },
  }).catch(async (error: unknown) => {
    // Another api process seeding at the same moment appended the same decision: same ids, kept once.
    if ((await services.store.streamVersion(stream)) < version + events.length) throw error;
  });
}
