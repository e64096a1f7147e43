import type { AssignmentComponent, AssignmentRecord } from '@sabaq/events';
import type { Row } from '../../../platform/http/records/collection';
import { assignmentChatId, classChatId } from '../../chat/ids';
import { assignmentStatus, availableTime, hasEnded } from '../assignments/status';

/** Rows to the entities the API answers. */
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function common(row: Row) {
  return {
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function classEntity(row: Row) {
  return {
    ...common(row),
    // Every class has its chat, whose id derives from the class (docs/chat.md), whatever was stored.
    chat_id: classChatId(String(row.id)),
    type: row.type,
    image: row.image,
    color: row.color,
    name: row.name,
    description: row.description,
    teachers: list(row.teachers),
    students: list(row.students),
    teachers_count: row.teachers_count,
    students_count: row.students_count,
    settings: row.settings,
  };
}

/** What of a question's data the answer key is: never sent, so a student cannot read the answers. */
function withoutAnswers(component: AssignmentComponent) {
  const data = { ...component.data };
  delete data.correct;
  delete data.sample_answer;
  if (Array.isArray(data.gaps)) {
    data.gaps = (data.gaps as Record<string, unknown>[]).map(({ answers: _answers, ...gap }) => gap);
  }
  if (Array.isArray(data.tests)) {
    data.tests = (data.tests as Record<string, unknown>[]).map(
      ({ expected_output: _expected, ...test }) => test,
    );
  }
  return {
    id: component.id,
    type: component.type,
    component: component.component,
    assessment_id: component.assessment_id,
    assessment_type: component.assessment_type,
    position: component.position,
    data,
    settings: component.settings,
    points: component.points,
  };
}

/**
 * The assignment: its stored fields, the state flags, the status and what is computed from the clock
 * (available_time: seconds before a dated end; points: the most a student can score).
 */
export function assignmentEntity(row: Row, now: Date) {
  const record = row.record as AssignmentRecord;
  const flags = { suspended: Boolean(row.is_suspended), finished: Boolean(row.is_finished) };
  const { components, ...fields } = record;
  return {
    ...fields,
    ...common(row),
    // An is_chat assignment's chat, whose id derives from the assignment (docs/chat.md); none without.
    chat_id: record.is_chat ? assignmentChatId(String(row.id)) : null,
    status: assignmentStatus(record, flags, now),
    is_started: now.getTime() >= Date.parse(record.starting_at),
    is_finished: flags.finished || hasEnded(record, now),
    is_suspended: flags.suspended,
    finished_at: iso(row.finished_at),
    available_time: availableTime(record, flags, now),
    points: row.points,
    components: list(components).map((c) => ({
      ...withoutAnswers(c as AssignmentComponent),
      assignment_id: row.id,
    })),
  };
}

/** The attempt's selection, kept in its `state` (read-model/projection.ts). */
interface AttemptSelectionState {
  components?: string[] | null;
  option_orders?: Record<string, string[]>;
  max_points?: number | null;
}

/**
 * The attempt, with what it shows: `components` (the assignment's component ids in the order the
 * attempt shows them; null: all, in the assignment's order), `option_orders` and `max_points` (null:
 * the assignment's points).
 */
export function attemptEntity(row: Row) {
  const selection = (row.state ?? {}) as AttemptSelectionState;
  return {
    ...common(row),
    assignment_id: row.assignment_id,
    student_id: row.student_id,
    number: row.number,
    status: row.status,
    state: row.state,
    variant: row.variant,
    points: row.points,
    started_at: iso(row.started_at),
    ends_at: iso(row.ends_at),
    finished_at: iso(row.finished_at),
    finish_reason: row.finish_reason,
    components: selection.components ?? null,
    option_orders: selection.option_orders ?? {},
    max_points: selection.max_points ?? null,
  };
}

export function resultEntity(row: Row) {
  return {
    ...common(row),
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    student_id: row.student_id,
    assessment_id: row.assessment_id,
    assessment_type: row.assessment_type,
    component_id: row.component_id,
    component_type: row.component_type,
    answer: row.answer,
    result: row.result,
    points: row.points,
    report: row.report,
  };
}

export function scoreEntity(row: Row) {
  return { ...common(row), assignment_id: row.assignment_id, student_id: row.student_id, score: row.score };
}

export function reviewerResultEntity(row: Row) {
  return {
    ...common(row),
    assignment_id: row.assignment_id,
    assignment_reviewer_id: row.assignment_reviewer_id,
    assignment_result_id: row.assignment_result_id,
    assignment_attempt_id: row.assignment_attempt_id,
    student_id: row.student_id,
    component_id: row.component_id,
    component_type: row.component_type,
    result: row.result,
    points: row.points,
  };
}

export function reviewerScoreEntity(row: Row) {
  return { ...scoreEntity(row), reviewer_id: row.reviewer_id };
}

export function commentEntity(row: Row) {
  return {
    ...common(row),
    assignment_id: row.assignment_id,
    assignment_result_id: row.assignment_result_id,
    student_id: row.student_id,
    user_id: row.user_id,
    component_id: row.component_id,
    component_type: row.component_type,
    message: row.message,
  };
}
