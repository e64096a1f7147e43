/** An invite code as /api/invite-codes answers it (docs/identity.md "Invite codes"). */
export interface InviteRecipient {
  type: 'email' | 'phone';
  recipient: string;
  name: string | null;
  is_activated?: boolean;
}

export type InviteGroup = 'student' | 'teacher' | 'proctor';

export interface Invite {
  id: string;
  owner_id: string;
  code: string;
  group: InviteGroup;
  name: string;
  description: string | null;
  limits: number;
  is_revoked: boolean;
  expired_at: string | null;
  usages_count: number;
  form_enabled: boolean;
  form_url: string | null;
  form_name: string | null;
  form_description: string | null;
  recipients: InviteRecipient[];
  created_at: string;
}

export type InviteState = 'active' | 'revoked' | 'expired' | 'exhausted';

/** What the server checks when the code is used, in the same order: revoked, expired, used up. */
export function inviteState(invite: Invite, now: Date): InviteState {
  if (invite.is_revoked) return 'revoked';
  if (invite.expired_at !== null && Date.parse(invite.expired_at) <= now.getTime()) return 'expired';
  if (invite.limits > 0 && invite.usages_count >= invite.limits) return 'exhausted';
  return 'active';
}

/** The form's fields as typed: every text is a string, the expiry a local yyyy-mm-dd date or ''. */
export interface InviteFields {
  name: string;
  description: string;
  group: InviteGroup;
  limits: number;
  expiresOn: string;
  form_enabled: boolean;
  form_url: string;
  form_name: string;
  form_description: string;
  recipients: { type: 'email' | 'phone'; recipient: string; name: string }[];
}

export const EMPTY_INVITE: InviteFields = {
  name: '',
  description: '',
  group: 'student',
  limits: 0,
  expiresOn: '',
  form_enabled: false,
  form_url: '',
  form_name: '',
  form_description: '',
  recipients: [],
};

const textOrNull = (value: string) => value.trim() || null;

/**
 * The end of the chosen day on the user's clock, as the API's ISO time: a code "valid until the 30th"
 * works through the 30th.
 */
export function endOfDay(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/** The local yyyy-mm-dd of an ISO time, for the date input. */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The create body: empty texts are null, blank recipients are dropped, the form's fields only when it is on. */
export function inviteBody(fields: InviteFields): Record<string, unknown> {
  return {
    name: fields.name.trim(),
    description: textOrNull(fields.description),
    group: fields.group,
    limits: fields.limits,
    expired_at: endOfDay(fields.expiresOn),
    form_enabled: fields.form_enabled,
    form_url: fields.form_enabled ? textOrNull(fields.form_url) : null,
    form_name: fields.form_enabled ? textOrNull(fields.form_name) : null,
    form_description: fields.form_enabled ? textOrNull(fields.form_description) : null,
    recipients: fields.recipients
      .filter((r) => r.recipient.trim() !== '')
      .map((r) => ({ type: r.type, recipient: r.recipient.trim(), name: textOrNull(r.name) })),
  };
}

export function fieldsOf(invite: Invite): InviteFields {
  return {
    name: invite.name,
    description: invite.description ?? '',
    group: invite.group,
    limits: invite.limits,
    expiresOn: dayOf(invite.expired_at),
    form_enabled: invite.form_enabled,
    form_url: invite.form_url ?? '',
    form_name: invite.form_name ?? '',
    form_description: invite.form_description ?? '',
    recipients: invite.recipients.map((r) => ({ type: r.type, recipient: r.recipient, name: r.name ?? '' })),
  };
}

/**
 * The update body: only what changed (000 §7). The group is fixed once the invite exists, so it is
 * never sent; recipients are sent whole when any of them changed.
 */
export function inviteChanges(before: InviteFields, after: InviteFields): Record<string, unknown> {
  const old = inviteBody(before);
  const next = inviteBody(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next)) {
    if (key === 'group') continue;
    if (JSON.stringify(old[key]) !== JSON.stringify(next[key])) changes[key] = next[key];
  }
  return changes;
}
