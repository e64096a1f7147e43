import { isEvent, unhandledEvent, type EventOf, type StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import {
  CERTIFICATES_PROJECTION,
  REPORT_LINKS_TABLE,
  TEMPLATES_TABLE,
  USER_CERTIFICATES_TABLE,
} from './tables';

const JSON_COLUMNS = new Set(['elements', 'meta', 'styles']);
const TEMPLATE_COLUMNS = [
  'image',
  'name',
  'description',
  'serial_number',
  'serial_counter',
  'elements',
  'meta',
  'styles',
  'coefficient',
] as const;

const HANDLES = [
  'CertificateCreated',
  'CertificateUpdated',
  'CertificateDeleted',
  'UserCertificateIssued',
  'UserCertificateRevoked',
  'UserCertificateRestored',
  'ReportLinkShared',
  'ReportLinkRevoked',
] as const;

/**
 * Templates and issued certificates from the template streams. Template rows are guarded by the
 * stream position (`version`); the counter only ever grows to the highest number issued; issued rows
 * are upserted by id and guarded by position too. Replaying everything twice leaves the same rows.
 */
export const certificatesProjection: Projection = {
  name: CERTIFICATES_PROJECTION,
  // 2: certificates' report tokens and the share links (a rebuild fills the new column).
  version: 2,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(REPORT_LINKS_TABLE).execute();
    await tx.deleteFrom(USER_CERTIFICATES_TABLE).execute();
    await tx.deleteFrom(TEMPLATES_TABLE).execute();
  },
};

async function applyOne(tx: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const position = event.streamPosition;
  const at = occurredAt(event);
  switch (event.type) {
    case 'CertificateCreated': {
      const d = event.data;
      const values = {
        ...templateColumns(d),
        id: d.id,
        school_id: typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null,
        owner_id: typeof event.metadata.userId === 'string' ? event.metadata.userId : null,
        version: position,
        deleted: false,
        created_at: at,
        updated_at: at,
      };
      await tx
        .insertInto(TEMPLATES_TABLE)
        .values(values)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(values)
            .where(sql<boolean>`${sql.ref(`${TEMPLATES_TABLE}.version`)} < ${position}`),
        )
        .execute();
      return;
    }
    case 'CertificateUpdated': {
      const d = event.data;
      await tx
        .updateTable(TEMPLATES_TABLE)
        .set({ ...templateColumns(d.changes), version: position, updated_at: at })
        .where('id', '=', d.id)
        .where('version', '<', position)
        .execute();
      return;
    }
    case 'CertificateDeleted': {
      const d = event.data;
      await tx
        .updateTable(TEMPLATES_TABLE)
        .set({ deleted: true, version: position, updated_at: at })
        .where('id', '=', d.id)
        .where('version', '<', position)
        .execute();
      return;
    }
    case 'UserCertificateIssued': {
      const d = event.data;
      const values = {
        id: d.id,
        school_id: d.school_id,
        user_id: d.user_id,
        certificate_id: d.certificate_id,
        assignment_id: d.assignment_id,
        course_id: d.course_id ?? null,
        name: d.name,
        number: d.number,
        certificate_number: d.certificate_number,
        placeholders: JSON.stringify(d.placeholders),
        meta: JSON.stringify(d.meta),
        issued_at: new Date(d.issued_at),
        issued_by: d.issued_by,
        report_token: d.report_token ?? null,
        status: 'active',
        status_changed_at: null,
        version: position,
      };
      await tx
        .insertInto(USER_CERTIFICATES_TABLE)
        .values(values)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(values)
            .where(sql<boolean>`${sql.ref(`${USER_CERTIFICATES_TABLE}.version`)} < ${position}`),
        )
        .execute();
      // Never lowered: the counter is the highest number issued, whatever order a replay sees.
      await tx
        .updateTable(TEMPLATES_TABLE)
        .set({ serial_counter: sql<number>`greatest(serial_counter, ${d.number})` })
        .where('id', '=', d.certificate_id)
        .execute();
      return;
    }
    case 'UserCertificateRevoked':
    case 'UserCertificateRestored': {
      const d = event.data;
      await tx
        .updateTable(USER_CERTIFICATES_TABLE)
        .set({
          status: event.type === 'UserCertificateRevoked' ? 'revoked' : 'active',
          status_changed_at: new Date(d.at),
          version: position,
        })
        .where('id', '=', d.id)
        .where('version', '<', position)
        .execute();
      return;
    }
    case 'ReportLinkShared': {
      const d = event.data;
      await tx
        .insertInto(REPORT_LINKS_TABLE)
        .values({
          token: d.token,
          attempt_id: d.attempt_id,
          assignment_id: d.assignment_id,
          student_id: d.student_id,
          school_id: d.school_id,
          shared_by: d.shared_by,
          shared_at: new Date(d.at),
          revoked_at: null,
        })
        .onConflict((oc) => oc.column('token').doNothing())
        .execute();
      return;
    }
    case 'ReportLinkRevoked': {
      const d = event.data;
      await tx
        .updateTable(REPORT_LINKS_TABLE)
        .set({ revoked_at: new Date(d.at) })
        .where('token', '=', d.token)
        .where('revoked_at', 'is', null)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

function templateColumns(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of TEMPLATE_COLUMNS) {
    if (!(column in data) || data[column] === undefined) continue;
    out[column] = JSON_COLUMNS.has(column) ? JSON.stringify(data[column]) : data[column];
  }
  return out;
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}
