import type { AssignmentStatus, AssignmentType, ProctoringSettings } from '@sabaq/events';

/** The assignment as GET /api/assignments answers it (services: assignments/read-model/entities.ts). */
export interface Assignment {
  id: string;
  owner_id: string;
  class_id: string | null;
  type: AssignmentType;
  /** The page of another site an `external` assignment is done on. */
  external_url?: string | null;
  status: AssignmentStatus;
  name: string;
  description: string | null;
  complete_time: number | null;
  max_attempts: number | null;
  points_method_type: 'sum' | 'avg';
  starting_at: string;
  starting_at_type: 'now' | 'date';
  ending_at: string;
  ending_at_type: 'without' | 'date';
  is_proctoring: boolean;
  /** The assignment has a webinar (type Вебинар): its page is /t/assignments/webinar/{id}. */
  is_webinar?: boolean;
  /** Issues certificates from the template `certificate_id` (docs/certificates.md). */
  is_certificate?: boolean;
  certificate_id?: string | null;
  is_started: boolean;
  is_finished: boolean;
  is_suspended: boolean;
  is_show_results_after_finished: boolean;
  is_show_scores: boolean;
  available_time: number | null;
  points: number;
  students: string[];
  lessons: string[];
  quizzes: string[];
  components: { id: string; type: string; points: number; position: number; data: Record<string, unknown> }[];
  settings: { proctoring_settings?: Partial<ProctoringSettings> } & Record<string, unknown>;
  created_at: string;
}

export interface Attempt {
  id: string;
  assignment_id: string;
  student_id: string;
  number: number;
  status: 'active' | 'finished';
  points: number | null;
  started_at: string;
  ends_at: string | null;
  finished_at: string | null;
  finish_reason: 'student' | 'teacher' | 'time' | null;
}

export interface AnswerResult {
  id: string;
  assignment_attempt_id: string;
  student_id: string;
  component_id: string;
  component_type: string;
  answer: Record<string, unknown> | null;
  /** 0 undefined, 1 answered (waits for review), 2 false, 3 true (000 §3). */
  result: 0 | 1 | 2 | 3;
  points: number;
}

export interface ReviewerResult {
  id: string;
  assignment_result_id: string;
  points: number;
  result: number;
}

export interface Score {
  id: string;
  student_id: string;
  score: number;
}

export interface NamedRecord {
  id: string;
  name: string;
  description?: string | null;
}

/** A class as the picker needs it. */
export interface ClassRecord extends NamedRecord {
  students: string[];
  students_count: number;
}

/** Badge colours of the four statuses of 000 §4. */
export const STATUS_COLORS: Record<AssignmentStatus, string> = {
  process: 'green',
  remaining: 'blue',
  suspended: 'orange',
  completed: 'gray',
};

/** 001 §9: time options (minutes; null unlimited) and attempt options, each with "custom". */
export const TIME_OPTIONS = [null, 30, 45, 60, 90, 120, 180, 240] as const;
export const ATTEMPT_OPTIONS = [null, 1, 2, 3, 5] as const;

/** The result codes of 000 §3 as the keys of their labels. */
export const RESULT_KEYS = ['undefined', 'answered', 'false', 'true'] as const;
export const RESULT_COLORS = ['gray', 'blue', 'red', 'green'] as const;

/** Question types among a lesson's or quiz's components (authoring-components.ts QUESTION_TYPES). */
export const QUESTION_TYPES = ['free', 'open', 'choice', 'fill-space', 'drag-and-drop', 'code'];
export const isQuestion = (type: string) => QUESTION_TYPES.includes(type);
