import type { Kysely, Migration } from 'kysely';

/**
 * Whether a phone's camera page is open: written by the page's heartbeats, read by the exam's page.
 * Presence, not history: it changes every few seconds and means nothing later, so it is a plain table
 * rather than events. What lasts is evented elsewhere: the phone's session and its chunks (the session
 * stream), and the `external_camera_closed` warning the exam posts on the attempt.
 */
export const PRESENCE_TABLE = 'media_external_cameras';

/** The table below (0752), part of `MediaTables`. */
export interface PresenceTables {
  media_external_cameras: PresenceRow;
}

export interface PresenceRow {
  webinar_session_id: string;
  assignment_attempt_id: string;
  school_id: string | null;
  state: 'open' | 'closed';
  opened_at: Date;
  last_seen_at: Date;
  closed_at: Date | null;
}

export const presenceMigrations: Record<string, Migration> = {
  '0752_media_external_cameras': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(PRESENCE_TABLE)
        .addColumn('webinar_session_id', 'text', (c) => c.primaryKey())
        .addColumn('assignment_attempt_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('closed_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex(`${PRESENCE_TABLE}_by_attempt`)
        .on(PRESENCE_TABLE)
        .columns(['assignment_attempt_id', 'last_seen_at'])
        .execute();
    },
  },
};

/** The page beats every 10 s; three missed beats and the camera counts as lost. */
export const HEARTBEAT_SECONDS = 10;
export const LOST_AFTER_SECONDS = 3 * HEARTBEAT_SECONDS;

export type CameraState = 'waiting' | 'live' | 'closed' | 'lost';

/** What the exam's page is told about the newest phone of its attempt. */
export function cameraState(row: PresenceRow | undefined, now: Date): CameraState {
  if (!row) return 'waiting';
  if (row.state === 'closed') return 'closed';
  return now.getTime() - new Date(row.last_seen_at).getTime() > LOST_AFTER_SECONDS * 1000 ? 'lost' : 'live';
}
