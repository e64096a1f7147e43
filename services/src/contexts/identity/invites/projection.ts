import {
  type EventOf,
  type InviteCodeFields,
  isEvent,
  type StoredEvent,
  unhandledEvent,
} from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { activateRecipients, mergeRecipients, type StoredRecipient } from './recipients';
import { INVITES_PROJECTION, INVITES_TABLE, JSON_COLUMNS } from './table';

const HANDLES = [
  'InviteCodeCreated',
  'InviteCodeUpdated',
  'InviteCodeDeleted',
  'InviteCodeUsed',
  'InviteCodeUseReleased',
] as const;

/**
 * Invites as the record API lists them, with the count of uses and which personal recipients came in.
 * Every write is guarded by the invite stream's position, so applying an event twice (a replay, a
 * retried batch) leaves the row as it was.
 */
export const invitesProjection: Projection = {
  name: INVITES_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(INVITES_TABLE).execute();
  },
};

async function applyOne(tx: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const position = event.streamPosition;
  const at = occurredAt(event);
  const touch = { version: position, updated_at: at };
  switch (event.type) {
    case 'InviteCodeCreated': {
      const d = event.data;
      const row = {
        ...asColumns({ ...d, recipients: mergeRecipients([], d.recipients, at.toISOString()) }),
        school_id: d.school_id,
        owner_id: d.owner_id,
        code: d.code,
        group: d.group,
        usages_count: 0,
        deleted: false,
        created_at: at,
        ...touch,
      };
      await tx
        .insertInto(INVITES_TABLE)
        .values({ id: d.id, ...row })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(row)
            .where(sql<boolean>`${sql.ref(`${INVITES_TABLE}.version`)} < ${position}`),
        )
        .execute();
      return;
    }
    case 'InviteCodeUpdated': {
      const d = event.data;
      const current = await rowToChange(tx, d.id, position);
      if (!current) return;
      const { recipients, ...changes } = d.changes as Partial<InviteCodeFields>;
      const merged = recipients && mergeRecipients(current.recipients, recipients, at.toISOString());
      await update(tx, d.id, { ...asColumns({ ...changes, recipients: merged }), ...touch });
      return;
    }
    case 'InviteCodeDeleted': {
      const { id } = event.data;
      if (await rowToChange(tx, id, position)) await update(tx, id, { deleted: true, ...touch });
      return;
    }
    case 'InviteCodeUsed': {
      const d = event.data;
      const current = await rowToChange(tx, d.inviteCodeId, position);
      if (!current) return;
      const recipients = activateRecipients(current.recipients, d.contacts, at.toISOString());
      await update(tx, d.inviteCodeId, {
        usages_count: sql`usages_count + 1`,
        recipients: JSON.stringify(recipients),
        ...touch,
      });
      return;
    }
    case 'InviteCodeUseReleased': {
      const d = event.data;
      if (await rowToChange(tx, d.inviteCodeId, position))
        await update(tx, d.inviteCodeId, { usages_count: sql`usages_count - 1`, ...touch });
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

/** The row, locked, when this event is newer than what it shows; undefined when already applied. */
async function rowToChange(
  tx: ReadModelTx,
  id: string,
  position: number,
): Promise<{ recipients: StoredRecipient[] } | undefined> {
  const row = await tx
    .selectFrom(INVITES_TABLE)
    .select(['recipients', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || Number(row.version) >= position) return undefined;
  return { recipients: row.recipients as StoredRecipient[] };
}

function update(tx: ReadModelTx, id: string, set: Record<string, unknown>) {
  return tx.updateTable(INVITES_TABLE).set(set).where('id', '=', id).execute();
}

const FIELDS = [
  'type',
  'name',
  'description',
  'product_id',
  'limits',
  'is_revoked',
  'expires_in',
  'expired_at',
  'form_enabled',
  'form_url',
  'form_name',
  'form_description',
  'form_logo',
  ...JSON_COLUMNS,
] as const;

/** The invite's own fields present in `data`; lists and objects as JSON text (pg would send arrays as SQL arrays). */
function asColumns(data: Partial<Record<(typeof FIELDS)[number], unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = data[field];
    if (value === undefined) continue;
    out[field] = (JSON_COLUMNS as readonly string[]).includes(field) ? JSON.stringify(value) : value;
  }
  return out;
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}
