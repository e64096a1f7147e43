import type {
  AssignmentAttemptFinishedData,
  AssignmentAttemptReopenedData,
  AssignmentAttemptStartedData,
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
import { type Review } from './scoring';

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
