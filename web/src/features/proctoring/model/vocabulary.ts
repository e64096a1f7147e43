// The vocabulary module is plain constants (no zod): importing it keeps the proctor's screens light.
export {
  LIFECYCLE_ACTIONS,
  PROCTOR_ACTIONS,
  PROCTORING_SOURCES,
  PROCTORING_VIOLATIONS,
  PROCTORING_WARNINGS,
  proctoringActionKind,
  type ProctorAction,
  type ProctoringActionKind,
  type ProctoringSource,
} from '@sabaq/events/src/contexts/proctoring-vocabulary';
