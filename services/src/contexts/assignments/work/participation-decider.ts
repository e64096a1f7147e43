import type {
  AssignmentAttemptFinishedData,
  AssignmentAttemptReopenedData,
  AssignmentAttemptStartedData,
  AssignmentComponent,
  AssignmentRecord,
  AssignmentResultRecordedData,
  AssignmentReviewerResultRecordedData,
  AssignmentReviewerScoreCalculatedData,
  AssignmentScoreCalculatedData,
  AssignmentStudentFinishedData,
  AssignmentStudentRestoredData,
  AssignmentStudentTimeAdjustedData,
  AssignmentStudentTimeResetData,
  ResultCode,
} from '@sabaq/events';
import { isQuestionType } from '@sabaq/events';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { assignmentStatus } from '../assignments/status';
import { reviewerResultId, reviewerScoreId, scoreId, stableJson } from '../ids';
import { selectForAttempt } from './attempt-selection';
import { studentScore, type Review, type Scoring } from './scoring';

/** The assignment as the decision needs it, loaded from its stream by the handler. */
export interface AssignmentView {
  record: AssignmentRecord;
  suspended: boolean;
  finished: boolean;
}

export interface Grade {
  result: ResultCode;
  points: number;
  report?: unknown;
}

type Base = { assignment: AssignmentView; studentId: string; now: string };
export type ParticipationCommand =
  | (Base & { type: 'StartAttempt'; attemptId: string })
  | (Base & {
      type: 'RecordAnswer';
      attemptId: string;
      resultId: string;
      componentId: string;
      componentType: string;
      answer: unknown;
      /** Graded by the handler through the grading port before deciding (grading may run code). */
      grade: Grade;
    })
  | (Base & { type: 'FinishAttempt'; attemptId: string })
  /** The teacher finished the whole assignment: the student's active attempt, if any, ends with it. */
  | (Base & { type: 'FinishWithAssignment' })
  | (Base & { type: 'FinishStudent' | 'RestoreStudent' | 'ResetTime' })
  | (Base & { type: 'AdjustTime'; minutes: number })
  | (Base & {
      type: 'Review';
      resultId: string;
      reviewerId: string;
      points: number | undefined;
      result?: ResultCode;
    });

export type ParticipationEvent =
  | { type: 'AssignmentAttemptStarted'; data: AssignmentAttemptStartedData }
  | { type: 'AssignmentResultRecorded'; data: AssignmentResultRecordedData }
  | { type: 'AssignmentAttemptFinished'; data: AssignmentAttemptFinishedData }
  | { type: 'AssignmentAttemptReopened'; data: AssignmentAttemptReopenedData }
  | { type: 'AssignmentScoreCalculated'; data: AssignmentScoreCalculatedData }
  | { type: 'AssignmentReviewerResultRecorded'; data: AssignmentReviewerResultRecordedData }
  | { type: 'AssignmentReviewerScoreCalculated'; data: AssignmentReviewerScoreCalculatedData }
  | { type: 'AssignmentStudentFinished'; data: AssignmentStudentFinishedData }
  | { type: 'AssignmentStudentRestored'; data: AssignmentStudentRestoredData }
  | { type: 'AssignmentStudentTimeAdjusted'; data: AssignmentStudentTimeAdjustedData }
  | { type: 'AssignmentStudentTimeReset'; data: AssignmentStudentTimeResetData };

export interface ResultState {
  resultId: string;
  attemptId: string;
  componentId: string;
  answerKey: string;
  result: ResultCode;
  points: number;
}

export interface AttemptState {
  id: string;
  number: number;
  status: 'active' | 'finished';
  startedAt: string;
  endsAt: string | null;
  /** The components the attempt shows (its selection); null: all of the assignment's. */
  components: string[] | null;
  results: ResultState[];
}

export interface ReviewState extends Review {
  result: ResultCode;
}

export interface ParticipationState {
  attempts: AttemptState[];
  finishedByTeacher: boolean;
  extraMinutes: number;
  /** The latest review of each result by each reviewer. */
  reviews: ReviewState[];
  score: number | null;
  attemptPoints: Record<string, number>;
  reviewerScores: Record<string, number>;
  /** Events folded so far: orders the reviews. */
  seen: number;
}

const MINUTE_MS = 60_000;
const invalid = (field: string, message: string) => new ValidationError(message, { [field]: [message] });

/**
 * One student's work on one assignment: attempts, answers, reviews, the teacher's per-student actions,
 * and the score they add up to. Pure: the assignment, the clock and the grade come in the command.
 */
export const participationDecider = {
  initialState: {
    attempts: [],
    finishedByTeacher: false,
    extraMinutes: 0,
    reviews: [],
    score: null,
    attemptPoints: {},
    reviewerScores: {},
    seen: 0,
  } as ParticipationState,

  decide(command: ParticipationCommand, state: ParticipationState): ParticipationEvent[] {
    const events = decidePrimary(command, state);
    if (events.length === 0) return events;
    const reviewer = command.type === 'Review' ? command.reviewerId : undefined;
    return [...events, ...scoreEvents(command, state, events, reviewer)];
  },

  evolve(state: ParticipationState, event: ParticipationEvent): ParticipationState {
    const seen = state.seen + 1;
    const withAttempt = (id: string, change: (a: AttemptState) => AttemptState) =>
      state.attempts.map((a) => (a.id === id ? change(a) : a));
    switch (event.type) {
      case 'AssignmentAttemptStarted': {
        const d = event.data;
        const attempt: AttemptState = {
          id: d.attempt_id,
          number: d.number,
          status: 'active',
          startedAt: d.started_at,
          endsAt: d.ends_at,
          components: d.components,
          results: [],
        };
        return { ...state, seen, attempts: [...state.attempts, attempt] };
      }
      case 'AssignmentResultRecorded': {
        const d = event.data;
        const result: ResultState = {
          resultId: d.result_id,
          attemptId: d.attempt_id,
          componentId: d.component_id,
          answerKey: stableJson(d.answer),
          result: d.result,
          points: d.points,
        };
        return {
          ...state,
          seen,
          attempts: withAttempt(d.attempt_id, (a) => ({
            ...a,
            results: [...a.results.filter((r) => r.componentId !== d.component_id), result],
          })),
        };
      }
      case 'AssignmentAttemptFinished':
        return {
          ...state,
          seen,
          attempts: withAttempt(event.data.attempt_id, (a) => ({ ...a, status: 'finished' })),
        };
      case 'AssignmentAttemptReopened':
        return {
          ...state,
          seen,
          attempts: withAttempt(event.data.attempt_id, (a) => ({
            ...a,
            status: 'active',
            endsAt: event.data.ends_at,
          })),
        };
      case 'AssignmentScoreCalculated':
        return {
          ...state,
          seen,
          score: event.data.score,
          attemptPoints: Object.fromEntries(event.data.attempts.map((a) => [a.attempt_id, a.points])),
        };
      case 'AssignmentReviewerResultRecorded': {
        const d = event.data;
        const review: ReviewState = {
          resultId: d.assignment_result_id,
          reviewerId: d.reviewer_id,
          points: d.points,
          result: d.result,
          order: seen,
        };
        const others = state.reviews.filter(
          (r) => !(r.resultId === review.resultId && r.reviewerId === review.reviewerId),
        );
        return { ...state, seen, reviews: [...others, review] };
      }
      case 'AssignmentReviewerScoreCalculated':
        return {
          ...state,
          seen,
          reviewerScores: { ...state.reviewerScores, [event.data.reviewer_id]: event.data.score },
        };
      case 'AssignmentStudentFinished':
        return { ...state, seen, finishedByTeacher: true };
      case 'AssignmentStudentRestored':
        return { ...state, seen, finishedByTeacher: false };
      case 'AssignmentStudentTimeAdjusted':
        return {
          ...state,
          seen,
          extraMinutes: event.data.extra_minutes,
          attempts: event.data.attempt_id
            ? withAttempt(event.data.attempt_id, (a) => ({ ...a, endsAt: event.data.ends_at }))
            : state.attempts,
        };
      case 'AssignmentStudentTimeReset':
        return {
          ...state,
          seen,
          extraMinutes: 0,
          attempts: event.data.attempt_id
            ? withAttempt(event.data.attempt_id, (a) => ({
                ...a,
                startedAt: a.startedAt,
                endsAt: event.data.ends_at,
              }))
            : state.attempts,
        };
      default:
        return state;
    }
  },
};

function decidePrimary(command: ParticipationCommand, state: ParticipationState): ParticipationEvent[] {
  const { assignment, studentId, now } = command;
  const work = { assignment_id: assignment.record.id, student_id: studentId };
  const active = state.attempts.find((a) => a.status === 'active');
  switch (command.type) {
    case 'StartAttempt': {
      if (!assignment.record.students.includes(studentId)) throw new NotFoundError('Задание не найдено');
      refuseUnlessOpen(assignment, now, 'assignment_id');
      if (state.finishedByTeacher) throw invalid('assignment_id', 'Преподаватель завершил задание для вас');
      const events: ParticipationEvent[] = [];
      if (active) {
        if (!expired(active, now)) throw invalid('assignment_id', 'Предыдущая попытка ещё не завершена');
        // The active attempt's time ran out while nobody finished it: it ends now, by time.
        events.push(finished(work, active.id, now, 'time'));
      }
      const max = assignment.record.max_attempts;
      if (max !== null && state.attempts.length >= max) throw invalid('assignment_id', 'Попытки закончились');
      events.push({
        type: 'AssignmentAttemptStarted',
        data: {
          ...work,
          attempt_id: command.attemptId,
          number: state.attempts.length + 1,
          started_at: now,
          ends_at: deadline(assignment, state.extraMinutes, now),
          // Variant, drawn questions and their order: seeded from the attempt id, so a replay decides the same.
          ...selectForAttempt(assignment.record, command.attemptId),
        },
      });
      return events;
    }
    case 'RecordAnswer': {
      const attempt = state.attempts.find((a) => a.id === command.attemptId);
      if (!attempt) throw new NotFoundError('Попытка не найдена');
      if (attempt.status !== 'active') throw invalid('assignment_attempt_id', 'Попытка уже завершена');
      refuseUnlessOpen(assignment, now, 'assignment_attempt_id');
      if (expired(attempt, now))
        throw invalid('assignment_attempt_id', 'Время на выполнение попытки истекло');
      const component = componentOf(assignment, command.componentId);
      if (component.type !== command.componentType) {
        throw invalid('component_type', 'Тип не совпадает с типом вопроса');
      }
      if (!isQuestionType(component.type)) throw invalid('component_id', 'Это не вопрос');
      if (attempt.components !== null && !attempt.components.includes(component.id)) {
        throw invalid('component_id', 'Этого вопроса нет в вашей попытке');
      }
      const answerKey = stableJson(command.answer);
      const current = attempt.results.find((r) => r.componentId === component.id);
      // The same answer again (a double submit, a retry): nothing new to record.
      if (current?.answerKey === answerKey) return [];
      // With straight answers the verdict is shown at once: a second answer would probe the options.
      if (current && assignment.record.is_straight_answer) {
        throw invalid('component_id', 'Ответ на этот вопрос уже принят');
      }
      return [
        {
          type: 'AssignmentResultRecorded',
          data: {
            ...work,
            result_id: command.resultId,
            attempt_id: attempt.id,
            assessment_id: component.assessment_id,
            assessment_type: component.assessment_type,
            component_id: component.id,
            component_type: component.type,
            answer: command.answer ?? null,
            result: command.grade.result,
            points: command.grade.points,
            report: command.grade.report ?? null,
          },
        },
      ];
    }
    case 'FinishAttempt': {
      const attempt = state.attempts.find((a) => a.id === command.attemptId);
      if (!attempt) throw new NotFoundError('Попытка не найдена');
      // Finishing twice (a double click, a retry) finishes once.
      if (attempt.status === 'finished') return [];
      return [finished(work, attempt.id, now, expired(attempt, now) ? 'time' : 'student')];
    }
    case 'FinishWithAssignment':
      // Finishing the assignment again, or a student with no active attempt: nothing to finish.
      return active ? [finished(work, active.id, now, 'teacher')] : [];
    case 'FinishStudent': {
      requireStudent(assignment, studentId);
      if (state.finishedByTeacher) return [];
      return [
        ...(active ? [finished(work, active.id, now, 'teacher')] : []),
        { type: 'AssignmentStudentFinished', data: { ...work, finished_at: now } },
      ];
    }
    case 'RestoreStudent': {
      requireStudent(assignment, studentId);
      const last = state.attempts.at(-1);
      const events: ParticipationEvent[] = [];
      if (state.finishedByTeacher) events.push({ type: 'AssignmentStudentRestored', data: work });
      // The last attempt goes on, with its time counted again from now.
      if (last && last.status === 'finished') {
        events.push({
          type: 'AssignmentAttemptReopened',
          data: { ...work, attempt_id: last.id, ends_at: deadline(assignment, state.extraMinutes, now) },
        });
      }
      return events;
    }
    case 'AdjustTime': {
      requireStudent(assignment, studentId);
      if (!Number.isInteger(command.minutes) || command.minutes === 0) {
        throw invalid('minutes', 'Укажите количество минут');
      }
      const endsAt = active?.endsAt
        ? new Date(Date.parse(active.endsAt) + command.minutes * MINUTE_MS).toISOString()
        : null;
      return [
        {
          type: 'AssignmentStudentTimeAdjusted',
          data: {
            ...work,
            minutes: command.minutes,
            extra_minutes: state.extraMinutes + command.minutes,
            attempt_id: active?.id ?? null,
            ends_at: endsAt,
          },
        },
      ];
    }
    case 'ResetTime': {
      requireStudent(assignment, studentId);
      // The extra minutes go, and the active attempt's countdown starts again from now.
      return [
        {
          type: 'AssignmentStudentTimeReset',
          data: {
            ...work,
            attempt_id: active?.id ?? null,
            ends_at: active ? deadline(assignment, 0, now) : null,
          },
        },
      ];
    }
    case 'Review':
      return review(command, state, work);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function review(
  command: Extract<ParticipationCommand, { type: 'Review' }>,
  state: ParticipationState,
  work: { assignment_id: string; student_id: string },
): ParticipationEvent[] {
  const result = state.attempts.flatMap((a) => a.results).find((r) => r.resultId === command.resultId);
  if (!result) throw new NotFoundError('Результат не найден');
  const component = componentOf(command.assignment, result.componentId);
  // Specification 001 §5: manual points are required and at most the question's maximum.
  if (command.points === undefined || Number.isNaN(command.points)) {
    throw invalid('points', 'Вы не ввели балл');
  }
  if (command.points > component.points) {
    throw invalid('points', 'Введенный балл не может превышать максимального');
  }
  if (command.points < 0) throw invalid('points', 'Балл не может быть меньше 0');
  const code: ResultCode = command.result ?? (command.points > 0 ? 3 : 2);
  const previous = state.reviews.find(
    (r) => r.resultId === result.resultId && r.reviewerId === command.reviewerId,
  );
  if (previous && previous.points === command.points && previous.result === code) return [];
  return [
    {
      type: 'AssignmentReviewerResultRecorded',
      data: {
        ...work,
        reviewer_result_id: reviewerResultId(result.resultId, command.reviewerId),
        assignment_result_id: result.resultId,
        attempt_id: result.attemptId,
        reviewer_id: command.reviewerId,
        component_id: component.id,
        component_type: component.type,
        result: code,
        points: command.points,
      },
    },
  ];
}

/** The score follows every change of results or reviews; emitted only when it (or an attempt's points) moves. */
function scoreEvents(
  command: ParticipationCommand,
  before: ParticipationState,
  events: ParticipationEvent[],
  reviewerId: string | undefined,
): ParticipationEvent[] {
  const after = events.reduce(participationDecider.evolve, before);
  const { record } = command.assignment;
  const isQuestion = new Set(record.components.filter((c) => isQuestionType(c.type)).map((c) => c.id));
  const scoring: Scoring = { method: record.points_method_type, questionCount: isQuestion.size };
  // An attempt with its own selection is scored against its own questions.
  const attempts = after.attempts.map((a) =>
    a.components === null
      ? a
      : { ...a, questionCount: a.components.filter((id) => isQuestion.has(id)).length },
  );
  const work = { assignment_id: record.id, student_id: command.studentId };
  const out: ParticipationEvent[] = [];
  const total = studentScore(attempts, after.reviews, scoring);
  const pointsMoved = total.attempts.some((a) => after.attemptPoints[a.attempt_id] !== a.points);
  if (total.score !== null && (total.score !== after.score || pointsMoved)) {
    out.push({
      type: 'AssignmentScoreCalculated',
      data: {
        ...work,
        score_id: scoreId(record.id, command.studentId),
        score: total.score,
        attempts: total.attempts,
      },
    });
  }
  if (reviewerId !== undefined) {
    const own = studentScore(attempts, after.reviews, scoring, reviewerId);
    if (own.score !== null && own.score !== after.reviewerScores[reviewerId]) {
      out.push({
        type: 'AssignmentReviewerScoreCalculated',
        data: {
          ...work,
          reviewer_score_id: reviewerScoreId(record.id, command.studentId, reviewerId),
          reviewer_id: reviewerId,
          score: own.score,
        },
      });
    }
  }
  return out;
}

function refuseUnlessOpen(assignment: AssignmentView, now: string, field: string): void {
  const status = assignmentStatus(assignment.record, assignment, new Date(now));
  if (status === 'suspended') throw invalid(field, 'Задание приостановлено');
  if (status === 'completed') throw invalid(field, 'Задание завершено');
  if (status === 'remaining') throw invalid(field, 'Задание ещё не началось');
}

function requireStudent(assignment: AssignmentView, studentId: string): void {
  if (!assignment.record.students.includes(studentId)) throw new NotFoundError('Ученик не найден в задании');
}

function componentOf(assignment: AssignmentView, componentId: string): AssignmentComponent {
  const component = assignment.record.components.find((c) => c.id === componentId);
  if (!component) throw invalid('component_id', 'В задании нет такого вопроса');
  return component;
}

/** complete_time plus the student's extra minutes from `from`; null when the time is unlimited. */
function deadline(assignment: AssignmentView, extraMinutes: number, from: string): string | null {
  const minutes = assignment.record.complete_time;
  if (minutes === null) return null;
  return new Date(Date.parse(from) + (minutes + extraMinutes) * MINUTE_MS).toISOString();
}

function expired(attempt: AttemptState, now: string): boolean {
  return attempt.endsAt !== null && Date.parse(now) >= Date.parse(attempt.endsAt);
}

function finished(
  work: { assignment_id: string; student_id: string },
  attemptId: string,
  now: string,
  reason: 'student' | 'teacher' | 'time',
): ParticipationEvent {
  return {
    type: 'AssignmentAttemptFinished',
    data: { ...work, attempt_id: attemptId, finished_at: now, reason },
  };
}
