import { z } from 'zod';
import {
  DEFAULT_DEVICE_AGENT_RULES,
  deviceAgentRules,
  type DeviceAgentRules,
} from '../contracts/device-agent';
import { boundedJson, freeJsonObject, isStorableJson } from '../free-json';

/**
 * Assignments' vocabulary and settings: the specification's lists of values (000 §4), the default
 * proctoring, component and certificate settings (000 §9), the migration of older setting names, and
 * the settings schemas. The events that carry them are in assignments.ts.
 */
/** Free-form settings: depth, size and storable characters checked (free-json.ts). */
const json = freeJsonObject();
// ---------------------------------------------------------------- vocabulary (specification 000 §4)

export const ASSIGNMENT_STATUSES = ['completed', 'remaining', 'suspended', 'process'] as const;
export const ASSIGNMENT_TYPES = ['quiz', 'lesson', 'webinar', 'external'] as const;
export const ACCESS_TYPES = ['private', 'public', 'prepaid'] as const;
export const POINTS_METHODS = ['sum', 'avg'] as const;
export const CERTIFICATE_ISSUE_TYPES = ['auto-all', 'auto-conditions', 'manual'] as const;
export const STARTING_AT_TYPES = ['now', 'date'] as const;
export const ENDING_AT_TYPES = ['without', 'date'] as const;
/** Answer results: 0 undefined, 1 answered (waits for review), 2 false, 3 true. */
export const RESULT_CODES = [0, 1, 2, 3] as const;
export const ATTEMPT_STATUSES = ['active', 'finished'] as const;
export const ATTEMPT_FINISH_REASONS = ['student', 'teacher', 'time'] as const;
/** Features a teacher may switch off or on by hand during an assignment (manual_disabled / manual_enabled). */
export const MANUAL_FEATURES = [
  'head_identity',
  'head_tracking',
  'main_camera',
  'second_camera',
  'screen_share',
  'displays_check',
  'fullscreen_mode',
  'read_clipboard',
  'focus_detector',
  'extension_detector',
  'noise_detector',
  'check_env',
] as const;
/** Specification 000 §9: an assignment lasts 7 days unless told otherwise. */
export const ASSIGNMENT_DEFAULT_DAYS = 7;

export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export type ResultCode = (typeof RESULT_CODES)[number];

// ---------------------------------------------------------------- defaults (specification 000 §9)

/**
 * The default proctoring settings, as specification 000 §9 lists them. Where the specification gives
 * a value without its unit the value is kept as written (tolerances "1500 s"); the four eye-direction
 * scores spread its "0.4 to 0.45" over the sideways (0.4) and vertical (0.45) looks.
 */
export const DEFAULT_PROCTORING_SETTINGS = {
  browser_type: 'any',
  // Recording: main camera, screen share and second camera on; upload off; microphone off.
  main_camera_record: true,
  screen_share_record: true,
  second_camera_record: true,
  upload: false,
  microphone_record: false,
  // Checks and detectors.
  check_env: true,
  displays_check: true,
  fullscreen_mode: true,
  focus_detector: true,
  extension_detector: true,
  noise_detector: true,
  speech_detector: true,
  // Identity by photo; head tracking on the client.
  head_identity: true,
  head_identity_type: 'photo',
  head_tracking: true,
  head_tracking_type: 'client',
  noise_sensitivity: 10,
  head_sensitivity: { x: 50, y: 40, depth: 12 },
  head_center_area: { width: 40, height: 30 },
  head_position: { confidence: 0.5, probability: 0.96, interval: 1200 },
  head_compare: { interval: 4000, euclidean_distance: 0.5 },
  face_landmarker: {
    enabled: false,
    interval: 700,
    threshold: 0.5,
    eye_direction: { look_left: 0.4, look_right: 0.4, look_up: 0.45, look_down: 0.45 },
  },
  object_detection: {
    enabled: false,
    interval: 2000,
    threshold: 0.5,
    categories: {
      phone: { score: 0.4 },
      remote: { score: 0.4 },
      laptop: { score: 0.4 },
      person: { score: 0.7, count: 2 },
    },
  },
  noise_tolerance: { frames: 3, time: 1500 },
  speech_tolerance: 1500,
  silent_tolerance: 1500,
  head_tolerance: 1500,
  focus_tolerance: 1500,
  speech: { min_frames: 5, pre_pad_frames: 10, positive_threshold: 0.9 },
  quiet_frames: 30,
  mute_frames: 30,
  // Not in the specification: the server's AI re-analysis of the attempt's main camera once it is
  // converted (docs/ai-analysis.md). On by default, whatever head_tracking_type the client uses.
  ai_analysis: true,
  // Not in the specification's list: the local device agent's rules (docs/device-agent.md). Off and
  // not required by default; the web checks alone run unless the school asks for the agent.
  device_agent: DEFAULT_DEVICE_AGENT_RULES as DeviceAgentRules,
};
export type ProctoringSettings = typeof DEFAULT_PROCTORING_SETTINGS;

/** Specification 000 §9: shuffle off, per_student 0, no variant split. */
export const DEFAULT_COMPONENT_SETTINGS = {
  all: { shuffle: false, per_student: 0, variant_split: 'none', conditions: [] as unknown[] },
};
/** Specification 000 §9: issued automatically on conditions, report shown. */
export const DEFAULT_CERTIFICATE_SETTINGS = { issue_type: 'auto-conditions', show_report: true } as const;

// ---------------------------------------------------------------- the settings migration

/** Older proctoring setting names and their current ones (specification 000 §3). */
export const LEGACY_PROCTORING_SETTING_NAMES = {
  camera_record: 'main_camera_record',
  two_camera: 'second_camera_record',
  screen_record: 'screen_share_record',
} as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Renames the older keys of proctoring settings; a current name given as well wins over the old one. */
export function migrateProctoringSettings(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [old, current] of Object.entries(LEGACY_PROCTORING_SETTING_NAMES)) {
    if (!(old in out)) continue;
    if (!(current in out)) out[current] = out[old];
    delete out[old];
  }
  return out;
}

/** The migration applied to an assignment's settings object (its proctoring_settings). */
export function migrateAssignmentSettings(settings: unknown): unknown {
  if (!isObject(settings) || !('proctoring_settings' in settings)) return settings;
  return { ...settings, proctoring_settings: migrateProctoringSettings(settings.proctoring_settings) };
}

// ---------------------------------------------------------------- settings schemas

/** A schema with the shape and the defaults of a constant: every key optional, defaulted to it. */
function defaultsOf(value: unknown): z.ZodType {
  if (typeof value === 'boolean') return z.boolean().default(value);
  if (typeof value === 'number') return z.number().min(-1e9).max(1e9).default(value);
  if (typeof value === 'string') return z.string().max(255).default(value);
  if (Array.isArray(value)) return boundedJson(z.array(z.unknown()).max(1000)).default([...value]);
  return objectWithDefaultsOf(value as Record<string, unknown>).prefault({});
}

function objectWithDefaultsOf(value: Record<string, unknown>) {
  return z.object(Object.fromEntries(Object.entries(value).map(([key, child]) => [key, defaultsOf(child)])));
}

/**
 * The agent's rules keep the contract's types (enums, a nullable resolution) with each field
 * defaulted, so an older assignment without them reads as the defaults.
 */
const A = DEFAULT_DEVICE_AGENT_RULES;
const rule = deviceAgentRules.shape;
export const deviceAgentSettingsSchema = z
  .object({
    required: rule.required.default(A.required),
    prohibited_processes: rule.prohibited_processes.default([...A.prohibited_processes]),
    prohibited_process_classes: rule.prohibited_process_classes.default([...A.prohibited_process_classes]),
    forbidden_usb_classes: rule.forbidden_usb_classes.default([...A.forbidden_usb_classes]),
    min_resolution: rule.min_resolution.default(A.min_resolution ? { ...A.min_resolution } : null),
    single_display: rule.single_display.default(A.single_display),
    refuse_remote_session: rule.refuse_remote_session.default(A.refuse_remote_session),
    refuse_virtual_machine: rule.refuse_virtual_machine.default(A.refuse_virtual_machine),
    full_report: rule.full_report.default(A.full_report),
  })
  .prefault({});

const { device_agent: _agent, ...GENERIC_PROCTORING_SETTINGS } = DEFAULT_PROCTORING_SETTINGS;

/** Older names are migrated before validation, so old clients' payloads keep working. */
export const proctoringSettingsSchema = (
  z.preprocess(
    migrateProctoringSettings,
    objectWithDefaultsOf(GENERIC_PROCTORING_SETTINGS)
      .extend({ device_agent: deviceAgentSettingsSchema })
      .prefault({}),
  ) as unknown as z.ZodType<ProctoringSettings, Partial<ProctoringSettings>>
).prefault({});

export const componentSettingsSchema = z
  .object({
    all: z
      .object({
        shuffle: z.boolean().default(false),
        per_student: z.int().min(0).max(1000).default(0),
        variant_split: z.string().max(32).default('none'),
        conditions: boundedJson(z.array(z.unknown()).max(100)).default([]),
      })
      .prefault({}),
  })
  .prefault({});

export const assignmentSettingsSchema = z
  .object({
    proctoring_settings: proctoringSettingsSchema,
    webinar_settings: json.default({}),
    component_settings: componentSettingsSchema,
    scenario_settings: z
      .object({ conditions: boundedJson(z.array(z.unknown()).max(100)).default([]) })
      .prefault({}),
    certificate: z
      .object({
        issue_type: z.enum(CERTIFICATE_ISSUE_TYPES).default('auto-conditions'),
        show_report: z.boolean().default(true),
      })
      .prefault({}),
  })
  .refine((value) => isStorableJson(value), 'Недопустимые символы в настройках')
  .prefault({});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;
