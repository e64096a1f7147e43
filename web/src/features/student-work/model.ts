import type { AssignmentStatus } from '@sabaq/events';

/** A question or content block of an assignment, as a student receives it (no answer key). */
export interface WorkComponent {
  id: string;
  type: string;
  position: number;
  points: number;
  data: Record<string, unknown>;
  settings: Record<string, unknown> | null;
}

/** The assignment as a student reads it (services: assignments/read-model/entities.ts). */
export interface StudentAssignment {
  id: string;
  type: string;
  status: AssignmentStatus;
  name: string;
  description: string | null;
  complete_time: number | null;
  max_attempts: number | null;
  starting_at: string;
  ending_at: string;
  ending_at_type: 'without' | 'date';
  is_proctoring: boolean;
  /** `prepaid`: the school sells it; a student starts it once a paid order granted it (docs/shop.md). */
  access_type?: string;
  /** The page of another site an `external` assignment is done on (framed on the attempt screen). */
  external_url?: string | null;
  /** The assignment has a webinar the student joins from its page (contexts/webinars). */
  is_webinar?: boolean;
  /** Holds `proctoring_settings` (000 §9), read by the exam client. */
  settings?: Record<string, unknown> | null;
  is_suspended: boolean;
  is_finished: boolean;
  is_straight_answer: boolean;
  is_show_results_after_finished: boolean;
  is_show_scores: boolean;
  points: number;
  components: WorkComponent[];
}

export interface StudentAttempt {
  id: string;
  number: number;
  status: 'active' | 'finished';
  points: number | null;
  started_at: string;
  ends_at: string | null;
  finished_at: string | null;
  finish_reason: 'student' | 'teacher' | 'time' | null;
  /** The components this attempt shows, in its order (a variant, a draw, a shuffle); null: all of them. */
  components?: string[] | null;
  /** Per question: its options' (choice) or items' (drag-and-drop) ids in the order this attempt shows. */
  option_orders?: Record<string, string[]>;
}

export interface StudentResult {
  id: string;
  assignment_attempt_id: string;
  component_id: string;
  answer: Record<string, unknown> | null;
  /** 1 (answered) while the verdict is not shown to the student (docs/assignments.md). */
  result: 0 | 1 | 2 | 3;
  /** null while points are not shown to the student. */
  points: number | null;
}

export const QUESTION_TYPES = ['free', 'open', 'choice', 'fill-space', 'drag-and-drop', 'code'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const isQuestion = (type: string): type is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type);

/** An answer in the shape the API takes for its question type (authoring-components.ts answerSchemas). */
export type Answer = Record<string, unknown>;

/** Whether an answer says anything: a blank one is not worth sending, and counts as unanswered. */
export function isBlank(type: string, answer: Answer | undefined): boolean {
  if (!answer) return true;
  switch (type) {
    case 'choice':
      return !Array.isArray(answer.selected) || answer.selected.length === 0;
    case 'fill-space':
      return Object.values((answer.gaps as Record<string, string>) ?? {}).every((v) => !v.trim());
    case 'drag-and-drop':
      return Object.keys((answer.placements as Record<string, string>) ?? {}).length === 0;
    case 'code':
      return !String(answer.source ?? '').trim();
    default:
      return !String(answer.text ?? '').trim();
  }
}

/**
 * The steps a student walks: the components in order (content shown before the question it precedes).
 * With an attempt, the attempt's own selection and order, with its order of options and items.
 */
export function stepsOf(components: WorkComponent[], attempt?: StudentAttempt): WorkComponent[] {
  const inOrder = [...components].sort((a, b) => a.position - b.position);
  if (!attempt?.components) return inOrder;
  const byId = new Map(inOrder.map((c) => [c.id, c]));
  return attempt.components.flatMap((id) => {
    const component = byId.get(id);
    return component ? [inAttemptOrder(component, attempt.option_orders?.[id])] : [];
  });
}

function inAttemptOrder(component: WorkComponent, order: string[] | undefined): WorkComponent {
  if (!order) return component;
  const key = component.type === 'drag-and-drop' ? 'items' : 'options';
  const list = component.data[key];
  if (!Array.isArray(list)) return component;
  const rank = new Map(order.map((id, i) => [id, i]));
  const sorted = [...(list as { id: string }[])].sort(
    (a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length),
  );
  return { ...component, data: { ...component.data, [key]: sorted } };
}

/** What the student can do with an assignment right now. */
export type StudentState =
  | { kind: 'active'; attempt: StudentAttempt }
  | { kind: 'can-start' }
  | { kind: 'waiting' }
  | { kind: 'closed'; reason: 'suspended' | 'completed' | 'no-attempts' };

export function studentState(assignment: StudentAssignment, attempts: StudentAttempt[]): StudentState {
  const active = attempts.find((a) => a.status === 'active');
  if (active && assignment.status === 'process') return { kind: 'active', attempt: active };
  if (assignment.status === 'remaining') return { kind: 'waiting' };
  if (assignment.status === 'suspended') return { kind: 'closed', reason: 'suspended' };
  if (assignment.status === 'completed') return { kind: 'closed', reason: 'completed' };
  if (assignment.max_attempts !== null && attempts.length >= assignment.max_attempts)
    return { kind: 'closed', reason: 'no-attempts' };
  return { kind: 'can-start' };
}
