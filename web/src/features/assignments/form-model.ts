import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';
import type { Assignment } from './model';

/** 000 §9: an assignment lasts seven days unless the teacher says otherwise. */
export const DEFAULT_LENGTH_DAYS = 7;

/** The create form's state: what the teacher chooses, in the shapes the inputs hold. */
export interface AssignmentForm {
  type: 'quiz' | 'lesson' | 'webinar' | 'external';
  quizzes: string[];
  lessons: string[];
  name: string;
  description: string;
  external_url: string;
  class_id: string | null;
  starting_at_type: 'now' | 'date';
  /** A `datetime-local` value (local time, no zone). */
  starting_at: string;
  ending_at_type: 'without' | 'date';
  ending_at: string;
  /** Minutes as text: '' unlimited, a number, or 'custom' while the teacher types one. */
  complete_time: string;
  custom_time: number | '';
  max_attempts: string;
  custom_attempts: number | '';
  points_method_type: 'sum' | 'avg';
  is_show_results_after_finished: boolean;
  is_show_scores: boolean;
  is_show_answers_after_finished: boolean;
  is_straight_answer: boolean;
  is_comments: boolean;
  is_hide_users: boolean;
  shuffle: boolean;
  per_student: number | '';
  /** Issues certificates from the template `certificate_id` (docs/certificates.md). */
  is_certificate: boolean;
  certificate_id: string | null;
  certificate_issue_type: 'auto-all' | 'auto-conditions' | 'manual';
  certificate_show_report: boolean;
  is_proctoring: boolean;
  proctoring_fallback_allow: boolean;
  proctoring_mobile_restrict: boolean;
  proctoring: ProctoringSettings;
}

/** `datetime-local` text of a moment, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The specification's defaults (000 §3, §9): start now, end in seven days, proctoring on. */
export function emptyAssignmentForm(now: Date): AssignmentForm {
  const end = new Date(now.getTime() + DEFAULT_LENGTH_DAYS * 86_400_000);
  return {
    type: 'quiz',
    quizzes: [],
    lessons: [],
    name: '',
    description: '',
    external_url: '',
    class_id: null,
    starting_at_type: 'now',
    starting_at: toLocalInput(now),
    ending_at_type: 'without',
    ending_at: toLocalInput(end),
    complete_time: '',
    custom_time: '',
    max_attempts: '',
    custom_attempts: '',
    points_method_type: 'sum',
    is_show_results_after_finished: false,
    is_show_scores: false,
    is_show_answers_after_finished: false,
    is_straight_answer: false,
    is_comments: false,
    is_hide_users: false,
    shuffle: false,
    per_student: 0,
    is_certificate: false,
    certificate_id: null,
    certificate_issue_type: 'auto-conditions',
    certificate_show_report: true,
    is_proctoring: true,
    proctoring_fallback_allow: false,
    proctoring_mobile_restrict: false,
    proctoring: structuredClone(DEFAULT_PROCTORING_SETTINGS),
  };
}

const chosenNumber = (choice: string, custom: number | ''): number | null => {
  if (choice === '') return null;
  if (choice === 'custom') return custom === '' ? null : custom;
  return Number(choice);
};

/** A `datetime-local` value as an ISO moment with its offset, as the API takes dates. */
export function localInputToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The body of POST /api/assignments. The settings object is sent whole (an edit replaces it as a
 * whole), with the proctoring settings the teacher saw. Names come from the chosen quizzes or lessons
 * on the server (000 §3), so the name is sent only for webinars and external assignments.
 */
export function assignmentBody(form: AssignmentForm): Record<string, unknown> {
  const named = form.type === 'webinar' || form.type === 'external';
  return {
    type: form.type,
    quizzes: form.type === 'quiz' ? form.quizzes : [],
    lessons: form.type === 'lesson' ? form.lessons : [],
    ...(named ? { name: form.name.trim() || null, description: form.description.trim() || null } : {}),
    ...(form.type === 'external' ? { external_url: form.external_url.trim() || null } : {}),
    class_id: form.class_id,
    starting_at_type: form.starting_at_type,
    starting_at: form.starting_at_type === 'date' ? localInputToIso(form.starting_at) : null,
    ending_at_type: form.ending_at_type,
    ending_at: form.ending_at_type === 'date' ? localInputToIso(form.ending_at) : null,
    complete_time: chosenNumber(form.complete_time, form.custom_time),
    max_attempts: chosenNumber(form.max_attempts, form.custom_attempts),
    points_method_type: form.points_method_type,
    is_show_results_after_finished: form.is_show_results_after_finished,
    is_show_scores: form.is_show_scores,
    is_show_answers_after_finished: form.is_show_answers_after_finished,
    is_straight_answer: form.is_straight_answer,
    is_comments: form.is_comments,
    is_hide_users: form.is_hide_users,
    // Without a template there is nothing to issue from: the flag follows the choice.
    is_certificate: form.is_certificate && form.certificate_id !== null,
    certificate_id: form.is_certificate ? form.certificate_id : null,
    // "Вебинар" makes the assignment's webinar (the server decides the same from the type).
    is_webinar: form.type === 'webinar',
    // A webinar is a meeting, not an exam: nothing to proctor.
    is_proctoring: form.type === 'webinar' ? false : form.is_proctoring,
    proctoring_fallback_allow: form.proctoring_fallback_allow,
    proctoring_mobile_restrict: form.proctoring_mobile_restrict,
    settings: {
      proctoring_settings: form.proctoring,
      component_settings: {
        all: {
          shuffle: form.shuffle,
          per_student: form.per_student === '' ? 0 : form.per_student,
          variant_split: 'none',
          conditions: [],
        },
      },
      certificate: { issue_type: form.certificate_issue_type, show_report: form.certificate_show_report },
    },
  };
}

/** What the form itself can tell before sending: field → message key. The server checks the rest. */
export function formProblems(
  form: AssignmentForm,
): Record<string, 'pickQuiz' | 'pickLesson' | 'name' | 'url'> {
  const problems: Record<string, 'pickQuiz' | 'pickLesson' | 'name' | 'url'> = {};
  if (form.type === 'quiz' && form.quizzes.length === 0) problems.quizzes = 'pickQuiz';
  if (form.type === 'lesson' && form.lessons.length === 0) problems.lessons = 'pickLesson';
  if ((form.type === 'webinar' || form.type === 'external') && !form.name.trim()) problems.name = 'name';
  if (form.type === 'external' && !form.external_url.trim()) problems.external_url = 'url';
  return problems;
}

/** The select's value and the custom number of a stored limit (null: unlimited). */
const choiceOf = (value: number | null, options: readonly (number | null)[]): [string, number | ''] => {
  if (value === null) return ['', ''];
  return options.includes(value) ? [String(value), ''] : ['custom', value];
};

/** The stored assignment as the form holds it, for the edit screen: the same form, filled. */
export function formFromAssignment(
  stored: Assignment,
  options: { time: readonly (number | null)[]; attempts: readonly (number | null)[] },
): AssignmentForm {
  // The entity answers every stored field; the web's Assignment type names the ones the lists read.
  const record = stored as Assignment & Record<string, unknown>;
  const settings = record.settings as {
    proctoring_settings?: Partial<ProctoringSettings>;
    component_settings?: { all?: { shuffle?: boolean; per_student?: number } };
    certificate?: { issue_type?: AssignmentForm['certificate_issue_type']; show_report?: boolean };
  };
  const base = emptyAssignmentForm(new Date(stored.created_at));
  const [complete_time, custom_time] = choiceOf(stored.complete_time, options.time);
  const [max_attempts, custom_attempts] = choiceOf(stored.max_attempts, options.attempts);
  const flag = (key: keyof AssignmentForm & string) => (record[key] as boolean | undefined) === true;
  return {
    ...base,
    type: stored.type as AssignmentForm['type'],
    quizzes: stored.quizzes,
    lessons: stored.lessons,
    name: stored.name,
    description: stored.description ?? '',
    external_url: stored.external_url ?? '',
    class_id: stored.class_id,
    starting_at_type: stored.starting_at_type,
    starting_at: toLocalInput(new Date(stored.starting_at)),
    ending_at_type: stored.ending_at_type,
    ending_at: toLocalInput(new Date(stored.ending_at)),
    complete_time,
    custom_time,
    max_attempts,
    custom_attempts,
    points_method_type: stored.points_method_type,
    is_show_results_after_finished: stored.is_show_results_after_finished,
    is_show_scores: stored.is_show_scores,
    is_show_answers_after_finished: flag('is_show_answers_after_finished'),
    is_straight_answer: flag('is_straight_answer'),
    is_comments: flag('is_comments'),
    is_hide_users: flag('is_hide_users'),
    shuffle: settings.component_settings?.all?.shuffle ?? false,
    per_student: settings.component_settings?.all?.per_student ?? 0,
    certificate_issue_type: settings.certificate?.issue_type ?? base.certificate_issue_type,
    certificate_show_report: settings.certificate?.show_report ?? base.certificate_show_report,
    is_proctoring: stored.is_proctoring,
    proctoring_fallback_allow: flag('proctoring_fallback_allow'),
    proctoring_mobile_restrict: flag('proctoring_mobile_restrict'),
    proctoring: { ...base.proctoring, ...settings.proctoring_settings },
  };
}

/**
 * The body of PUT /api/assignments/{id}: the create body, with what the form cannot show kept as
 * stored (the question settings it has no field for, and dates the form rounds to the minute), so
 * that saving the form untouched changes nothing, which matters once students started.
 */
export function editBody(form: AssignmentForm, stored: Assignment): Record<string, unknown> {
  const body = assignmentBody(form) as Record<string, unknown> & {
    settings: { component_settings: { all: Record<string, unknown> } };
  };
  const storedAll = (stored.settings as { component_settings?: { all?: Record<string, unknown> } })
    .component_settings?.all;
  body.settings.component_settings.all = { ...storedAll, ...body.settings.component_settings.all };
  if (storedAll) {
    body.settings.component_settings.all.variant_split = storedAll.variant_split;
    body.settings.component_settings.all.conditions = storedAll.conditions;
  }
  if (form.starting_at === toLocalInput(new Date(stored.starting_at)) && body.starting_at !== null) {
    body.starting_at = stored.starting_at;
  }
  if (form.ending_at === toLocalInput(new Date(stored.ending_at)) && body.ending_at !== null) {
    body.ending_at = stored.ending_at;
  }
  return body;
}
