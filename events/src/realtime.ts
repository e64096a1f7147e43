import { z } from 'zod';
import { proctoringAction } from './contracts/proctoring-actions';

/**
 * The realtime contract: what the server pushes on which channel, and what a socket may send. The web app
 * imports these maps, so a push the services build and a handler the browser runs read one definition.
 * Entity payloads use the specification's snake_case field names, as the HTTP API does; they are loose
 * objects because the read models own the entity shapes and may add fields without a realtime release.
 */

const id = z.union([z.string().min(1).max(64), z.number().int()]);

export const NotificationDto = z.looseObject({
  id,
  type: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  created_at: z.string(),
});

export const ChatMessageDto = z.looseObject({
  id,
  chat_id: id,
  user_id: id,
  message: z.string().nullable(),
  created_at: z.string(),
});

export const TaskDto = z.looseObject({
  id,
  status: z.enum(['new', 'process', 'completed', 'suspended', 'failure']),
});

export const OrderDto = z.looseObject({ id, status: z.string().optional(), is_paid: z.boolean().optional() });

/** Who is typing: filled in by the server from the socket's own caller, never taken from the client. */
export const TypistDto = z.object({ user_id: z.string() });

export const ViolationDto = z.looseObject({
  assignment_id: z.string(),
  attempt_id: z.string(),
  student_id: z.string(),
  type: z.string(),
  detected_at: z.string(),
});

/** A recorded action is pushed as the API answers it: one contract (contracts/proctoring-actions.ts). */
export const ProctoringActionDto = proctoringAction.strict();

/**
 * A webinar's signalling (a peer-to-peer mesh): a peer announces itself, offers, answers and ICE
 * candidates go to one named socket, and a peer says goodbye. The server stamps the sender's user and
 * socket; the description and candidate are the browser's own and pass through untouched.
 */
export const WebinarPeerDto = z.object({ user_id: z.string(), socket_id: z.string() });
export const webinarSignalSchema = z.object({
  kind: z.enum(['offer', 'answer', 'candidate']),
  description: z.looseObject({ type: z.string(), sdp: z.string().max(12_000) }).optional(),
  candidate: z
    .looseObject({ candidate: z.string().max(2_000) })
    .nullable()
    .optional(),
});
export type WebinarSignal = z.infer<typeof webinarSignalSchema>;

/**
 * A webinar on the server's SFU (docs/webinars.md): each socket has one peer connection to the server,
 * which always offers (so two offers never cross); the socket answers and trickles its candidates. An
 * SFU answer carries two m-lines per other participant, so its SDP may be larger than a mesh's.
 */
export const SFU_MAX_SDP_BYTES = 60_000;
export const sfuSignalSchema = z.object({
  kind: z.enum(['answer', 'candidate']),
  description: z
    .looseObject({ type: z.literal('answer'), sdp: z.string().max(SFU_MAX_SDP_BYTES) })
    .optional(),
  candidate: z
    .looseObject({ candidate: z.string().max(2_000) })
    .nullable()
    .optional(),
});
export type SfuSignal = z.infer<typeof sfuSignalSchema>;
/** Whose stream is whose in an SFU offer: the msid stream id of a forwarded pair of tracks, and its owner. */
export const SfuStreamDto = z.object({ stream_id: z.string(), user_id: z.string(), socket_id: z.string() });

/** Every push the server sends, by event name (Immich's ClientEventMap). */
export const serverEventSchemas = {
  NotificationCreated: z.object({ notification: NotificationDto }),
  ChatMessagePosted: z.object({ message: ChatMessageDto }),
  /** A session ended: the sockets of that session (every session when null) are logged out and closed. */
  LogoutAction: z.object({ session_id: z.string().nullable(), reason: z.string().optional() }),
  'post-message': z.object({ message: ChatMessageDto }),
  /** A chat message edited or deleted, as the API answers it (a personal line's on its two people's channels). */
  'edit-message': z.object({ message: ChatMessageDto }),
  'delete-message': z.object({ message: ChatMessageDto }),
  ChatMessageEdited: z.object({ message: ChatMessageDto }),
  ChatMessageDeleted: z.object({ message: ChatMessageDto }),
  'start-typing': TypistDto,
  'end-typing': TypistDto,
  progress: z.object({ media_id: id, percent: z.number().min(0).max(100) }),
  finished: z.object({ media_id: id, status: z.enum(['ready', 'failed']), src: z.string().nullable() }),
  TaskProgressUpdated: z.object({ task: TaskDto, appendix: z.unknown() }),
  TaskFinished: z.object({ task: TaskDto }),
  OrderPaid: z.object({ order: OrderDto }),
  OrderCompleted: z.object({ order: OrderDto }),
  ViolationDetected: ViolationDto,
  ActionRecorded: ProctoringActionDto,
  /**
   * The proctoring projection committed these attempts' timelines (up to `position` of the global log):
   * a proctor's page reads them again now rather than on a timer.
   */
  TimelineChanged: z.object({
    assignment_attempt_ids: z.array(z.string().min(1).max(64)).min(1).max(100),
    position: z.string().regex(/^\d+$/),
  }),
  /** The server's re-analysis of a recording (an AI report being made): progress, then the outcome. */
  AnalysisProgressed: z.object({
    report_id: z.string(),
    session_id: z.string(),
    run: z.number().int(),
    percent: z.number().min(0).max(100),
  }),
  AnalysisFinished: z.object({
    report_id: z.string(),
    session_id: z.string(),
    run: z.number().int(),
    status: z.enum(['completed', 'failed']),
    violations: z.number().int().nullable(),
    reason: z.string().nullable(),
  }),
  'webinar-join': WebinarPeerDto,
  'webinar-leave': WebinarPeerDto,
  'webinar-signal': WebinarPeerDto.extend({ signal: webinarSignalSchema }),
  /** The moderator ended the webinar: every peer hangs up. */
  'webinar-ended': z.object({ webinar_id: z.string(), by: z.string() }),
  /**
   * The SFU's offer to one socket: `publish` names the mids the socket sends its microphone and camera
   * on, `streams` who owns each forwarded stream (a stream not listed any more has left).
   */
  'sfu-offer': z.object({
    description: z.object({ type: z.literal('offer'), sdp: z.string() }),
    publish: z.object({ audio: z.string().nullable(), video: z.string().nullable() }),
    streams: z.array(SfuStreamDto),
  }),
  /** The SFU refused the socket (the room is full, or the webinar is not on the SFU) or closed its room. */
  'sfu-closed': z.object({ reason: z.string() }),
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventMap = { [K in ServerEventName]: z.infer<(typeof serverEventSchemas)[K]> };

/**
 * Channels are private and named `<kind>.<id>`; each kind carries only its own events, so a push to the
 * wrong kind of channel does not type-check.
 */
export const channelEvents = {
  user: [
    'NotificationCreated',
    'ChatMessagePosted',
    'ChatMessageEdited',
    'ChatMessageDeleted',
    'LogoutAction',
  ],
  chat: ['post-message', 'edit-message', 'delete-message', 'start-typing', 'end-typing'],
  transcoder: ['progress', 'finished'],
  task: ['TaskProgressUpdated', 'TaskFinished'],
  order: ['OrderPaid', 'OrderCompleted'],
  assignment: ['ViolationDetected', 'ActionRecorded', 'TimelineChanged'],
  analysis: ['AnalysisProgressed', 'AnalysisFinished'],
  webinar: ['webinar-join', 'webinar-leave', 'webinar-signal', 'webinar-ended', 'sfu-offer', 'sfu-closed'],
} as const satisfies Record<string, readonly ServerEventName[]>;

export type ChannelKind = keyof typeof channelEvents;
export type ChannelEventName<K extends ChannelKind> = (typeof channelEvents)[K][number];
export type ChannelName<K extends ChannelKind = ChannelKind> = `${K}.${string}`;

export const CHANNEL_KINDS = Object.keys(channelEvents) as ChannelKind[];
/** Ids are what the read models use (uuids, numbers, short slugs); nothing else reaches a rule. */
export const CHANNEL_NAME = /^([a-z]+)\.([A-Za-z0-9_-]{1,64})$/;

export function channelName<K extends ChannelKind>(kind: K, channelId: string | number): ChannelName<K> {
  return `${kind}.${channelId}`;
}

/** Events a client may send to the other subscribers of a channel (typing indicators); never stored. */
export const whisperEvents = {
  chat: ['start-typing', 'end-typing'],
  webinar: ['webinar-join', 'webinar-leave', 'webinar-signal'],
  /** Between one socket and the server's SFU, never fanned out (services' webinars/sfu). */
  sfu: ['sfu-join', 'sfu-signal', 'sfu-leave'],
} as const;

/** A push as it travels: one JSON text frame. */
export type Push<K extends ChannelKind = ChannelKind> = {
  [C in K]: {
    [E in ChannelEventName<C>]: { channel: ChannelName<C>; event: E; data: ServerEventMap[E] };
  }[ChannelEventName<C>];
}[K];

/** Frames the client sends. The first must be `authenticate`; the token never appears in a URL. */
export const clientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('authenticate'), token: z.string().min(1).max(4096) }),
  z.object({
    event: z.literal('subscribe'),
    channel: z.string().max(80),
    /** The signature from POST /broadcasting/auth; not needed for the caller's own user channel. */
    auth: z.string().max(200).optional(),
  }),
  z.object({ event: z.literal('unsubscribe'), channel: z.string().max(80) }),
  z.object({
    event: z.literal('whisper'),
    channel: z.string().max(80),
    name: z.enum([
      'start-typing',
      'end-typing',
      'webinar-join',
      'webinar-leave',
      'webinar-signal',
      'sfu-join',
      'sfu-signal',
      'sfu-leave',
    ]),
    /** Webinar signals only: the socket the signal is for (others on the channel never see it). */
    to: z.string().max(100).optional(),
    signal: webinarSignalSchema.optional(),
    /** SFU signals only: the socket's answer or candidate for the server. */
    sfu: sfuSignalSchema.optional(),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Frames about the connection itself, beside the pushes. */
export type ControlMessage =
  | { event: 'connected'; data: { socket_id: string; user_id: string } }
  | { event: 'subscribed'; channel: string }
  | { event: 'unsubscribed'; channel: string }
  | { event: 'subscription_error'; channel: string; data: { message: string; status_code: number } }
  | { event: 'error'; data: { message: string; status_code: number } };

/**
 * Frames a bounded context answers beside the platform's own, by their `event` (namespaced by the
 * context). Proctoring's: a student's client sends its actions over the socket instead of POSTing
 * batches, each frame with its own `ref` so the answer can be matched; every item is the record of
 * `POST /api/assignment/actions` (checked by the same rules, docs/proctoring.md).
 */
export const proctoringActionsFrameSchema = z.object({
  event: z.literal('proctoring.actions'),
  ref: z.string().min(1).max(64),
  actions: z.array(z.record(z.string(), z.unknown())),
});
export type ProctoringActionsFrame = z.infer<typeof proctoringActionsFrameSchema>;

/** Answers to a context's frame: taken whole (the stored action ids, in the order sent) or refused whole. */
export type ContextReplyMessage =
  | { event: 'proctoring.ack'; ref: string; ids: string[] }
  | {
      event: 'proctoring.error';
      ref: string | null;
      message: string;
      errors: Record<string, string[]>;
      status_code: number;
    };

export type ServerMessage = Push | ControlMessage | ContextReplyMessage;

/** Close codes the client acts on. */
export const CLOSE_CODES = {
  /** No valid ws token in time: log in again (or refresh the token) before reconnecting. */
  unauthenticated: 4401,
  /** LogoutAction was sent: the session is over, do not reconnect. */
  loggedOut: 4000,
  /** The session behind this socket may have ended: reconnect with the current ws token. */
  reauthenticate: 4001,
  /** The server is shutting down: reconnect (to another instance) after a short pause. */
  goingAway: 1001,
} as const;
