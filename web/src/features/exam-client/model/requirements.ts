import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';

/** The equipment a proctored attempt may ask for, in the order the check shows them. */
export const EQUIPMENT = ['camera', 'microphone', 'screen', 'displays', 'resolution'] as const;
export type Equipment = (typeof EQUIPMENT)[number];

/** The smallest screen an exam is readable on; below it `bad_screen_resolution` is posted. */
export const MIN_SCREEN = { width: 1024, height: 600 };

/** The assignment's proctoring settings with the specification's defaults under them (000 §9). */
export function settingsOf(settings: unknown): ProctoringSettings {
  const given =
    settings && typeof settings === 'object' && 'proctoring_settings' in settings
      ? (settings as { proctoring_settings: unknown }).proctoring_settings
      : null;
  const own = given && typeof given === 'object' ? (given as Partial<ProctoringSettings>) : {};
  // The agent's rules are merged key by key: an assignment saved before them has none.
  return {
    ...DEFAULT_PROCTORING_SETTINGS,
    ...own,
    device_agent: { ...DEFAULT_PROCTORING_SETTINGS.device_agent, ...own.device_agent },
  };
}

/**
 * Which checks must pass before the attempt starts. The camera: for its recording, identification
 * and the face detectors; the microphone: for its recording or the noise and speech detectors; the
 * screen: for its recording; displays: the second-monitor check (and `check_env` asks for the
 * resolution). An assignment without proctoring asks for nothing.
 */
export function requiredEquipment(isProctoring: boolean, s: ProctoringSettings): Equipment[] {
  if (!isProctoring) return [];
  const needed = new Set<Equipment>();
  if (s.main_camera_record || s.head_identity || s.head_tracking) needed.add('camera');
  if (s.microphone_record || s.noise_detector || s.speech_detector) needed.add('microphone');
  if (s.screen_share_record) needed.add('screen');
  if (s.displays_check) needed.add('displays');
  if (s.check_env) needed.add('resolution');
  return EQUIPMENT.filter((e) => needed.has(e));
}

/**
 * The local agent is used only when the assignment requires it (the specification's "special client
 * app" limit); otherwise the page never looks for it.
 */
export function usesAgent(isProctoring: boolean, s: ProctoringSettings): boolean {
  return isProctoring && s.device_agent.required;
}

export type CheckState = 'idle' | 'checking' | 'passed' | 'failed';

/** The warning posted when a check fails during the exam (docs/proctoring.md's vocabulary). */
export const WARNING_OF: Record<Equipment, string> = {
  camera: 'no_camera_access',
  microphone: 'no_microphone_access',
  screen: 'no_screen_access',
  displays: 'second_monitor',
  resolution: 'bad_screen_resolution',
};

/** The attempt may start once every required check passed (and the photo was taken when asked for). */
export function canStart(
  required: readonly Equipment[],
  states: Partial<Record<Equipment, CheckState>>,
  needsPhoto: boolean,
  hasPhoto: boolean,
): boolean {
  return required.every((e) => states[e] === 'passed') && (!needsPhoto || hasPhoto);
}

/** Displays: one screen passes; `isExtended` is read where the browser has it (Chromium), else assumed one. */
export function displaysPass(isExtended: boolean | undefined): boolean {
  return isExtended !== true;
}

export function resolutionPasses(width: number, height: number): boolean {
  return width >= MIN_SCREEN.width && height >= MIN_SCREEN.height;
}
