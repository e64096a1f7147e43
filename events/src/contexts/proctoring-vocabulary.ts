/**
 * The proctoring action vocabulary (specification 001 §9 lists the warnings and violations; the proctor
 * and lifecycle actions are ours). An action type names what happened; its kind decides how the
 * timeline treats it: violations are merged into intervals and lower the credibility score, warnings
 * (the student's environment is not what the exam needs) are listed apart, proctor actions are what a
 * proctor did, lifecycle actions mark the session's milestones.
 *
 * Adding a type is a compatible change; renaming or removing one needs a new event version with an
 * upcaster, since stored events keep their type for ever.
 */
export const PROCTORING_WARNINGS = [
  'no_camera_access',
  'no_screen_access',
  'no_microphone_access',
  'internet_lost',
  'video_server_lost',
  'fullscreen_lost',
  'second_monitor',
  'external_camera_closed',
  'forbidden_usb_device',
  'bad_screen_resolution',
  'prohibited_process',
  // Found by the device agent (docs/device-agent.md): a remote session or a virtual machine.
  'remote_session',
  'virtual_machine',
  // The exam page lost the device agent an agent-only attempt requires (stopped, crashed, outdated).
  'device_agent_lost',
] as const;

export const PROCTORING_VIOLATIONS = [
  'head_turned',
  'face_missing',
  'too_far',
  'many_faces',
  'face_mismatch',
  'focus_lost',
  'microphone_silent',
  'earphone',
  'noise',
  'eye_away',
  'prohibited_objects',
] as const;

/** What a proctor (or the assignment's teacher) does to a student's attempt. */
export const PROCTOR_ACTIONS = [
  'proctor_message',
  'proctor_warning',
  'exam_suspended',
  'exam_resumed',
  'exam_stopped',
] as const;

/** Milestones of a proctored session, sent by the student's client. */
export const LIFECYCLE_ACTIONS = [
  'session_started',
  'identity_verified',
  'environment_checked',
  'recording_started',
  'recording_stopped',
  'focus_returned',
  'connection_restored',
  'session_ended',
  // A detector the exam needs could not run (no model, no camera, too slow a machine): never silent.
  'detector_unavailable',
] as const;

export const PROCTORING_ACTION_TYPES = [
  ...PROCTORING_WARNINGS,
  ...PROCTORING_VIOLATIONS,
  ...PROCTOR_ACTIONS,
  ...LIFECYCLE_ACTIONS,
] as const;

export type ProctoringWarning = (typeof PROCTORING_WARNINGS)[number];
export type ProctoringViolation = (typeof PROCTORING_VIOLATIONS)[number];
export type ProctorAction = (typeof PROCTOR_ACTIONS)[number];
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
export type ProctoringActionType = (typeof PROCTORING_ACTION_TYPES)[number];
export type ProctoringActionKind = 'warning' | 'violation' | 'proctor' | 'lifecycle';

/** Who noticed: the student's browser detectors, the server's AI re-analysis, or a person. */
export const PROCTORING_SOURCES = ['client', 'server', 'proctor'] as const;
export type ProctoringSource = (typeof PROCTORING_SOURCES)[number];

const kinds = new Map<string, ProctoringActionKind>([
  ...PROCTORING_WARNINGS.map((t) => [t, 'warning'] as const),
  ...PROCTORING_VIOLATIONS.map((t) => [t, 'violation'] as const),
  ...PROCTOR_ACTIONS.map((t) => [t, 'proctor'] as const),
  ...LIFECYCLE_ACTIONS.map((t) => [t, 'lifecycle'] as const),
]);

/** The kind of an action type; undefined for a type outside the vocabulary (only old events have one). */
export function proctoringActionKind(type: string): ProctoringActionKind | undefined {
  return kinds.get(type);
}

/** Proctor actions that change whether the student may go on. */
export const ATTEMPT_HOLDING_ACTIONS = ['exam_suspended', 'exam_stopped'] as const;
