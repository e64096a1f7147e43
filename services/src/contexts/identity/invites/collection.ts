import { changesOf, inviteCodeSchema } from '@sabaq/events';
import { z } from 'zod';
import type { CollectionDefinition, Row } from '../../../platform/http/records/collection';
import { inviteCommands } from './commands';
import type { StoredRecipient } from './recipients';
import { INVITES_PROJECTION, INVITES_TABLE } from './table';

/** Lists the web client saves "as ids": plain ids, numbers, or the objects themselves ({ id }). */
const idRef = z
  .union([
    z.string().trim().min(1).max(64),
    z.number().int().nonnegative(),
    z.looseObject({ id: z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]) }),
  ])
  .transform((value) => String(typeof value === 'object' ? value.id : value));
const idList = z.array(idRef).max(1000);

const fields = inviteCodeSchema.extend({
  removed_users: idList.default([]),
  assignments: idList.default([]),
  courses: idList.default([]),
  classgroups: idList.default([]),
});

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The specification's Invite code; the recipients as its Invite recipient. */
export function inviteEntity(row: Row) {
  const recipients = (row.recipients ?? []) as StoredRecipient[];
  return {
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    product_id: row.product_id,
    type: row.type,
    name: row.name,
    description: row.description,
    code: row.code,
    group: row.group,
    settings: row.settings,
    limits: row.limits,
    is_revoked: row.is_revoked,
    expires_in: row.expires_in,
    expired_at: iso(row.expired_at),
    form_enabled: row.form_enabled,
    form_url: row.form_url,
    form_name: row.form_name,
    form_description: row.form_description,
    form_data: row.form_data,
    form_logo: row.form_logo,
    removed_users: row.removed_users,
    usages_count: row.usages_count,
    assignments: row.assignments,
    courses: row.courses,
    classgroups: row.classgroups,
    recipients: recipients.map((r) => ({ invite_code_id: row.id, ...r })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * /api/invite-codes: school-scoped records created by the school's teachers and managers (access.ts).
 * The code is generated and reserved by the create command; the group is fixed at creation.
 */
export const inviteCodes: CollectionDefinition = {
  name: 'invite-codes',
  category: 'invite',
  table: INVITES_TABLE,
  projection: INVITES_PROJECTION,
  columns: {},
  toEntity: inviteEntity,
  create: fields.strict(),
  update: changesOf(fields.omit({ group: true })),
  events: { created: 'InviteCodeCreated', updated: 'InviteCodeUpdated', deleted: 'InviteCodeDeleted' },
  filters: {
    id: 'string',
    owner_id: 'string',
    type: 'string',
    group: 'string',
    code: 'string',
    is_revoked: 'boolean',
  },
  sortable: ['id', 'name', 'created_at', 'expired_at', 'usages_count'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
  paging: { defaultLimit: 25, maxLimit: 100 },
  schoolScoped: true,
  search: ['name', 'code', 'description'],
  handle: inviteCommands(),
};
