import type { InviteCodeFields } from '@sabaq/events';

/** A personal recipient as the read model keeps it: the specification's Invite recipient. */
export interface StoredRecipient {
  type: 'email' | 'phone';
  recipient: string;
  name: string | null;
  is_activated: boolean;
  created_at: string;
  updated_at: string;
}

/** How a recipient is matched against the contacts of whoever used the code: e-mail lower case, phone digits. */
export function contactKey(type: 'email' | 'phone', value: string): string {
  return type === 'phone' ? value.replace(/\D/g, '') : value.trim().toLowerCase();
}

const keyOf = (r: { type: 'email' | 'phone'; recipient: string }) =>
  `${r.type}:${contactKey(r.type, r.recipient)}`;

/**
 * The recipients after an edit: the list given replaces the old one, but a recipient that stays keeps
 * its creation time and whether it was activated.
 */
export function mergeRecipients(
  existing: readonly StoredRecipient[],
  given: InviteCodeFields['recipients'],
  at: string,
): StoredRecipient[] {
  const before = new Map(existing.map((r) => [keyOf(r), r]));
  return given.map((r) => {
    const kept = before.get(keyOf(r));
    return kept
      ? { ...kept, name: r.name, updated_at: kept.name === r.name ? kept.updated_at : at }
      : { ...r, is_activated: false, created_at: at, updated_at: at };
  });
}

/** Marks the recipients whose contact is among `contacts` (already normalised) as activated. */
export function activateRecipients(
  existing: readonly StoredRecipient[],
  contacts: readonly string[],
  at: string,
): StoredRecipient[] {
  return existing.map((r) =>
    !r.is_activated && contacts.includes(contactKey(r.type, r.recipient))
      ? { ...r, is_activated: true, updated_at: at }
      : r,
  );
}
