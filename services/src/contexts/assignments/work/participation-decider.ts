import { isQuestionType } from '@sabaq/events';
import { NotFoundError } from '../../../platform/errors';
import { stableJson } from '../ids';
import { selectForAttempt } from './attempt-selection';
import type {
  AttemptState,
  ParticipationCommand,
  ParticipationEvent,
  ParticipationState,
  ResultState,
  ReviewState,
} from './participation-types';
import {
  MINUTE_MS,
  componentOf,
  deadline,
  expired,
  finished,
  invalid,
  refuseUnlessOpen,
  requireStudent,
  review,
  scoreEvents,
} from './participation-steps';

export type * from './participation-types';

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
    return [...events, ...scoreEvents(command, state, events, reviewer, participationDecider.evolve)];
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
