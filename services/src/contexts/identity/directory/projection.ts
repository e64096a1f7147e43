import { type EventOf, isEvent, unhandledEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables } from '../../../platform/read-models/database';
import type { IdentityTables, IdentityTx } from '../tables';

const HANDLES = [
  'SchoolRegistered',
  'SchoolProfileUpdated',
  'UserRegistered',
  'UserJoinedSchool',
  'PersonProfileUpdated',
  'UserProfileEdited',
] as const;

/**
 * Schools, users and memberships, upserted by id: replaying any event again changes nothing. A
 * manager's edit of a profile (people context) reaches the user's own /api/user.json through here too.
 * Version 2 added those edits, version 3 the admin's edits of a school (schools context), so an existing
 * read model is rebuilt with them.
 */
export const directoryProjection: Projection = {
  name: 'identity.directory',
  version: 3,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events)
      if (isEvent(event, ...HANDLES)) await applyOne(txWithTables<IdentityTables>(tx), event);
  },
  async reset(untyped) {
    const tx = txWithTables<IdentityTables>(untyped);
    await tx.deleteFrom('user_schools').execute();
    await tx.deleteFrom('users').execute();
    await tx.deleteFrom('schools').execute();
  },
};

async function applyOne(tx: IdentityTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  switch (event.type) {
    case 'SchoolRegistered': {
      const d = event.data;
      const row = {
        type: d.type,
        name: d.name,
        logo: d.logo,
        website: d.website,
        email: d.email,
        short_description: d.shortDescription,
        call_center_phone: d.callCenterPhone,
      };
      await tx
        .insertInto('schools')
        .values({ id: d.schoolId, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'SchoolProfileUpdated': {
      const d = event.data;
      // The school picker shows these columns; region and city live in the schools context's own view.
      const columns = [
        'type',
        'name',
        'logo',
        'website',
        'email',
        'short_description',
        'call_center_phone',
      ] as const;
      const changes = Object.fromEntries(
        columns.filter((c) => d.changes[c] !== undefined).map((c) => [c, d.changes[c]]),
      );
      if (Object.keys(changes).length === 0) return;
      await tx.updateTable('schools').set(changes).where('id', '=', d.schoolId).execute();
      return;
    }
    case 'UserRegistered': {
      const d = event.data;
      const row = {
        school_id: d.schoolIds[0]!,
        group: d.group,
        firstname: d.firstname,
        lastname: d.lastname,
        patronymic: d.patronymic,
        email: d.email,
        phone: d.phone,
        username: d.username,
        color: d.color,
        photo: d.photo,
        register_date: new Date(d.registeredAt),
      };
      await tx
        .insertInto('users')
        .values({ id: d.userId, ...row, is_multiple_schools: false, is_need_complete_challenge: false })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      for (const schoolId of d.schoolIds) await addMembership(tx, d.userId, schoolId);
      return;
    }
    case 'UserJoinedSchool': {
      const d = event.data;
      await addMembership(tx, d.userId, d.schoolId);
      return;
    }
    case 'PersonProfileUpdated': {
      const d = event.data;
      // Only the fields the directory shows; settings such as notify_via_sms stay the people context's.
      const changes = Object.fromEntries(
        PROFILE_FIELDS.filter((field) => d.changes[field] !== undefined).map((f) => [f, d.changes[f]]),
      );
      if (Object.keys(changes).length === 0) return;
      await tx.updateTable('users').set(changes).where('id', '=', d.userId).execute();
      return;
    }
    case 'UserProfileEdited': {
      // The user's own edit (PUT /api/user/profile): the same columns, the avatar among them.
      const d = event.data;
      if (Object.keys(d.changes).length === 0) return;
      await tx.updateTable('users').set(d.changes).where('id', '=', d.userId).execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

const PROFILE_FIELDS = ['firstname', 'lastname', 'patronymic', 'email', 'phone', 'color'] as const;

async function addMembership(tx: IdentityTx, userId: string, schoolId: string): Promise<void> {
  await tx
    .insertInto('user_schools')
    .values({ user_id: userId, school_id: schoolId })
    .onConflict((oc) => oc.columns(['user_id', 'school_id']).doNothing())
    .execute();
  // Derived from the memberships themselves, so it is right however often events are replayed.
  await tx
    .updateTable('users')
    .set({
      is_multiple_schools: sql<boolean>`(SELECT count(*) > 1 FROM user_schools WHERE user_id = ${userId})`,
    })
    .where('id', '=', userId)
    .execute();
}
