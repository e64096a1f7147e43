import { sql } from 'kysely';
import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { decideAndAppend } from '../append';
import { TABLES, type MediaTables } from '../read-model/tables';
import { eraseSession } from './erase';
import { withTables } from '../../../platform/read-models/database';

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

type RetentionEvent = { type: 'RecordingRetentionSet'; data: { school_id: string; days: number | null } };

/** A school's retention period: set when it changes, nothing when it is the same. */
export const retentionDecider = {
  initialState: { days: null as number | null, set: false },
  decide(
    command: { schoolId: string; days: number | null },
    state: { days: number | null; set: boolean },
  ): RetentionEvent[] {
    if (state.set && state.days === command.days) return [];
    if (!state.set && command.days === null) return [];
    return [{ type: 'RecordingRetentionSet', data: { school_id: command.schoolId, days: command.days } }];
  },
  evolve(_state: { days: number | null; set: boolean }, event: RetentionEvent) {
    return { days: event.data.days, set: true };
  },
};

export async function setRetention(services: Services, caller: Caller, days: number | null): Promise<void> {
  const schoolId = caller.schoolId!;
  await decideAndAppend(
    services,
    `media_retention-${schoolId}`,
    retentionDecider,
    { schoolId, days },
    {
      commandKey: `days:${days}`,
      caller,
    },
  );
}

export async function retentionOf(
  services: Pick<ContextServices, 'db'>,
  schoolId: string,
): Promise<number | null> {
  const row = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.retention)
    .select('days')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return row?.days === undefined || row.days === null ? null : Number(row.days);
}

/**
 * Erases the recordings older than their school's retention period, as of `now`. Idempotent and safe to
 * run in several processes at once: an erased session is skipped, and erasing twice records once.
 */
export async function eraseExpiredRecordings(services: Services, now: Date): Promise<number> {
  const expired = await withTables<MediaTables>(services.db)
    .selectFrom(`${TABLES.sessions} as s`)
    .innerJoin(`${TABLES.retention} as r`, 'r.school_id', 's.school_id')
    .select(['s.id', 's.school_id'])
    .where('r.days', 'is not', null)
    .where('s.is_erased', '=', false)
    .where('s.deleted', '=', false)
    .where(sql<boolean>`s.created_at < ${now}::timestamptz - make_interval(days => r.days)`)
    .limit(500)
    .execute();
  for (const row of expired) {
    await eraseSession(services, String(row.id), 'retention period', {
      userId: 'system',
      schoolId: String(row.school_id),
    });
  }
  return expired.length;
}

/** Runs the retention sweep now and then (hourly by default), beside the transcoder. */
export function startRetentionSweeper(services: Services, everyMs: number, log: (line: string) => void) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = eraseExpiredRecordings(services, services.clock()).catch((error: unknown) =>
      log(`media retention: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
