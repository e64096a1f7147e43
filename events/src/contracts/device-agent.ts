import { z } from 'zod';

/**
 * The device agent's contract (docs/device-agent.md): the rules an assignment sets, the short-lived
 * token the platform signs for one attempt, and the frames the exam page and the local agent exchange
 * over the agent's loopback secure websocket. The agent (agent/), the platform (the proctoring
 * context's token call) and the exam page all read their shapes from here.
 *
 * Flow: the exam page asks the platform for a token for its attempt, opens
 * `wss://127.0.0.1:{DEVICE_AGENT_PORT}`, says `hello` with the token; the agent checks the signature
 * with the platform's public key (`GET /api/device-agent/key.json`, fetched from the platform origin
 * it was started for) and the expiry, answers `welcome` and its `report`, then sends `findings` every
 * few seconds while the attempt lasts: the set of conditions true now. The agent itself posts its
 * report and each finding's begin, heartbeats and end to the platform (a page can be tampered with:
 * see the agent's calls at the end), so the page only shows the student what is sent and need not
 * record the findings again (if it does, overlapping runs of one type join into one interval). Before
 * the attempt exists (an agent-only assignment's equipment check) the token names the assignment only;
 * the page renews with the attempt's token once it has started.
 */

/** The loopback port the agent listens on unless started with another. */
export const DEVICE_AGENT_PORT = 47_810;
/** How often the agent looks again while an attempt lasts. */
export const DEVICE_AGENT_SCAN_MS = 2_000;
/** A page token lives this long; the page asks for a new one before it ends and says `renew`. */
export const DEVICE_AGENT_TOKEN_TTL_S = 15 * 60;
/** The oldest agent the platform still accepts: an older one is shown as outdated. */
export const DEVICE_AGENT_MIN_VERSION = '0.1.0';

/** Classes of prohibited programs the agent knows by name (agent/src/process-classes.ts lists them). */
export const PROCESS_CLASSES = ['remote_desktop', 'screen_sharing', 'messenger', 'virtual_machine'] as const;
/** USB device classes a school may forbid (USB-IF base classes, named). */
export const USB_CLASSES = ['mass_storage', 'video', 'audio', 'wireless', 'hid_extra', 'printer'] as const;

/**
 * The agent's part of an assignment's proctoring settings (`proctoring_settings.device_agent`). Off by
 * default: a school that asks nothing of its students' computers gets the web checks only.
 */
export const deviceAgentRules = z.object({
  /** The spec's "limited to a special client app": the attempt does not start without the agent. */
  required: z.boolean(),
  /** Programs refused by exact process name (case-insensitive, `.exe` ignored), e.g. "anydesk". */
  prohibited_processes: z.array(z.string().min(1).max(100)).max(200),
  prohibited_process_classes: z.array(z.enum(PROCESS_CLASSES)).max(PROCESS_CLASSES.length),
  forbidden_usb_classes: z.array(z.enum(USB_CLASSES)).max(USB_CLASSES.length),
  /** The smallest acceptable main display; null accepts any. */
  min_resolution: z.object({ width: z.int().min(1), height: z.int().min(1) }).nullable(),
  single_display: z.boolean(),
  refuse_remote_session: z.boolean(),
  refuse_virtual_machine: z.boolean(),
  /** Send whole lists (processes, USB devices, connections), not only what breaks a rule. */
  full_report: z.boolean(),
});
export type DeviceAgentRules = z.infer<typeof deviceAgentRules>;

export const DEFAULT_DEVICE_AGENT_RULES: DeviceAgentRules = {
  required: false,
  prohibited_processes: [],
  prohibited_process_classes: ['remote_desktop', 'screen_sharing', 'virtual_machine'],
  forbidden_usb_classes: [],
  min_resolution: { width: 1024, height: 720 },
  single_display: true,
  refuse_remote_session: true,
  refuse_virtual_machine: true,
  full_report: false,
};

/** What the platform signs for one attempt (the token's payload). */
export const deviceAgentTokenPayload = z.object({
  aud: z.literal('sabaq-device-agent'),
  /** The platform origin that issued it; the agent refuses a token from another one. */
  iss: z.string(),
  assignment_id: z.string(),
  /**
   * Null for a token asked before the attempt exists (the equipment check of an agent-required
   * assignment, whose attempt does not start without a report): the agent then reports the device
   * and sends no conditions until the page renews with a token of the started attempt.
   */
  assignment_attempt_id: z.string().nullable(),
  student_id: z.string(),
  rules: deviceAgentRules,
  /** Seconds since the epoch. */
  iat: z.int(),
  exp: z.int(),
});
export type DeviceAgentTokenPayload = z.infer<typeof deviceAgentTokenPayload>;

/**
 * `POST /api/device-agent/token.json` body: the attempt (its student only), or before it starts the
 * assignment (a student it is open to).
 */
export const deviceAgentTokenRequest = z.union([
  z.object({ assignment_attempt_id: z.string().min(1).max(64) }),
  z.object({ assignment_id: z.string().min(1).max(64) }),
]);
export type DeviceAgentTokenRequest = z.infer<typeof deviceAgentTokenRequest>;

/**
 * `POST /api/device-agent/token.json` answer (see deviceAgentTokenRequest):
 * the token is `base64url(JSON payload) + "." + base64url(Ed25519 signature of the first part)`.
 */
export const deviceAgentTokenAnswer = z.object({
  token: z.string(),
  expires_at: z.string(),
  port: z.int(),
  min_version: z.string(),
  /** Where students download the agent (the deployment's DEVICE_AGENT_DOWNLOAD_URL); null when not set. */
  download_url: z.string().nullable(),
  rules: deviceAgentRules,
});
/** `GET /api/device-agent/key.json` (public): the key the agent checks tokens with. */
export const deviceAgentKeyAnswer = z.object({ key_id: z.string(), public_key_pem: z.string() });

/** The condition kinds the agent reports; each is the proctoring warning of the same name. */
export const DEVICE_FINDING_KINDS = [
  'prohibited_process',
  'forbidden_usb_device',
  'bad_screen_resolution',
  'second_monitor',
  'remote_session',
  'virtual_machine',
] as const;
export type DeviceFindingKind = (typeof DEVICE_FINDING_KINDS)[number];

/** One condition true now; `key` tells one of its kind from another (a process name, a device id). */
export const deviceFinding = z.object({
  kind: z.enum(DEVICE_FINDING_KINDS),
  key: z.string().max(200),
  /** Shown to the student and the proctor, e.g. "AnyDesk (remote desktop)". */
  detail: z.string().max(500),
});
export type DeviceFinding = z.infer<typeof deviceFinding>;

export const displayInfo = z.object({
  id: z.string(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  /** HDMI, DisplayPort, internal, VGA, … as the system names it. */
  output_type: z.string().nullable(),
  width: z.int().nullable(),
  height: z.int().nullable(),
  main: z.boolean(),
});

/** The device report: always the system part; lists only what breaks a rule unless `full_report`. */
export const deviceReport = z.object({
  agent_version: z.string(),
  os: z.object({
    platform: z.string(),
    distro: z.string(),
    release: z.string(),
    /** "Windows 7" / "Windows 10" / "Windows 11" by release prefix (spec 001 §9); null elsewhere. */
    windows_version: z.string().nullable(),
    hostname: z.string(),
  }),
  remote_session: z.boolean(),
  virtual_machine: z.boolean(),
  screen_locked: z.boolean().nullable(),
  unique_id: z.string(),
  displays: z.array(displayInfo),
  usb_devices: z.array(z.object({ id: z.string(), name: z.string(), class: z.string().nullable() })),
  processes: z.array(z.object({ name: z.string(), pid: z.int(), class: z.string().nullable() })),
  connections: z.int().nullable(),
  full: z.boolean(),
  findings: z.array(deviceFinding),
});
export type DeviceReport = z.infer<typeof deviceReport>;

/** Page → agent. */
export const agentClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().max(8_000) }),
  /** A fresh token before the old one expires; the session goes on. */
  z.object({ type: z.literal('renew'), token: z.string().max(8_000) }),
  /** The attempt is over: the agent stops looking. */
  z.object({ type: z.literal('bye') }),
]);
export type AgentClientFrame = z.infer<typeof agentClientFrame>;

export const AGENT_REFUSALS = ['token_invalid', 'token_expired', 'wrong_origin', 'bad_frame'] as const;

/** Agent → page. */
export const agentServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    agent_version: z.string(),
    assignment_attempt_id: z.string().nullable(),
  }),
  z.object({ type: z.literal('refused'), reason: z.enum(AGENT_REFUSALS), message: z.string() }),
  z.object({ type: z.literal('report'), report: deviceReport }),
  z.object({
    type: z.literal('findings'),
    at: z.string(),
    findings: z.array(deviceFinding),
    /**
     * The conditions the agent has open for these findings, with their ids: should the agent go away
     * (stopped, crashed) the page ends them itself (docs/device-agent.md). Absent from older agents.
     */
    conditions: z.array(deviceFinding.extend({ condition_id: z.string().max(200) })).optional(),
  }),
]);
export type AgentServerFrame = z.infer<typeof agentServerFrame>;

/**
 * The agent's own calls to the platform (a page can be tampered with, so the agent reports itself),
 * authenticated by the page token it was handed, not by a session:
 * - `POST /api/device-agent/reports.json` `{ token, report }` → 201 `{ entity: deviceReportEntity }`;
 *   the report kept for the attempt (or the assignment and student before it starts);
 * - `POST /api/device-agent/conditions.json` `{ token, phases }` → 201 `{ ids }`: each finding's
 *   begin, heartbeats and end, recorded as proctoring conditions of the attempt (the action type is the
 *   finding's kind, source client, the description its detail), so they become timeline intervals.
 * `GET /api/device-agent/reports.json?assignment_attempt_id=` (the assignment's watchers) answers the
 * attempt's reports, newest first, as `{ entities: deviceReportEntity[] }`.
 */
export const deviceAgentReportBody = z.object({ token: z.string().min(1).max(8_000), report: deviceReport });
export type DeviceAgentReportBody = z.infer<typeof deviceAgentReportBody>;

export const CONDITION_PHASES_OF_AGENT = ['begin', 'heartbeat', 'end'] as const;
export const deviceConditionPhase = z.object({
  /** The agent's id of this phase (1–64 of `A-Z a-z 0-9 _ -`): a retry is stored once. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** One id per finding from its appearance to its disappearance. */
  condition_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  phase: z.enum(CONDITION_PHASES_OF_AGENT),
  finding: deviceFinding,
  created_at: z.iso.datetime({ offset: true }),
});
export type DeviceConditionPhase = z.infer<typeof deviceConditionPhase>;
export const deviceAgentConditionsBody = z.object({
  token: z.string().min(1).max(8_000),
  phases: z.array(deviceConditionPhase).min(1).max(100),
});
export type DeviceAgentConditionsBody = z.infer<typeof deviceAgentConditionsBody>;
export const deviceAgentConditionsAnswer = z.object({ ids: z.array(z.string()) });

export const deviceReportEntity = z.object({
  id: z.string(),
  assignment_id: z.string(),
  assignment_attempt_id: z.string().nullable(),
  student_id: z.string(),
  report: deviceReport,
  created_at: z.string(),
});
export type DeviceReportEntity = z.infer<typeof deviceReportEntity>;
