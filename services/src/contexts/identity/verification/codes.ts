import type { VerificationPurpose } from '@sabaq/events';
import { randomInt } from 'node:crypto';
import type { EventStore } from '../../../platform/ports/event-store';
import { handleCommand } from '../../../platform/commands/handle-command';
import { loadState } from '../../../platform/commands/decider';
import { uuidV5 } from '../../../platform/ids';
import type { CodeSender } from './code-sender';
import { CODE_TTL_MS, codeDecider, hashCode, type CodeState } from './code-decider';
import { WrongCodeError } from './errors';

export interface CodeDeps {
  store: EventStore;
  clock: () => Date;
  newId: () => string;
  sender: CodeSender;
}

/** What a code is for and whose it is: one stream each, so pauses and attempt limits hold per subject. */
export interface CodeSubject {
  purpose: VerificationPurpose;
  /** A user id, or a phone's digits while nobody owns it yet (registration). */
  subject: string;
}

export const codeStream = ({ purpose, subject }: CodeSubject) =>
  `verification-${uuidV5(`${purpose}:${subject}`)}`;

export interface Delivery {
  channel: 'sms' | 'email';
  to: string;
  /** 4 for SMS (the entry widget's mask), more where the text asks for more. */
  digits: number;
  compose: (code: string) => { subject: string; text: string };
}

/** Records the code's hash, then sends the code: a failed send is retried by asking again after the pause. */
export async function issueCode(
  deps: CodeDeps,
  of: CodeSubject,
  userId: string | null,
  delivery: Delivery,
): Promise<string> {
  const codeId = deps.newId();
  const code = String(randomInt(0, 10 ** delivery.digits)).padStart(delivery.digits, '0');
  const now = deps.clock();
  await handleCommand(
    deps.store,
    codeStream(of),
    codeDecider,
    {
      type: 'IssueCode',
      data: {
        codeId,
        purpose: of.purpose,
        recipient: delivery.to,
        userId,
        codeHash: hashCode(codeId, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        issuedAt: now.toISOString(),
      },
    },
    { eventId: () => deps.newId(), metadata: userId ? { userId } : undefined },
  );
  const message = delivery.compose(code);
  if (delivery.channel === 'sms') await deps.sender.sendSms(delivery.to, message.text);
  else await deps.sender.sendEmail(delivery.to, message.subject, message.text);
  return codeId;
}

type Issued = Extract<CodeState, { status: 'issued' }>;

/**
 * Checks (`check`) or spends (`use`) a code. A wrong code is recorded before the 9103 answer, so the
 * attempt limit counts it whichever process answers the next try.
 */
export async function verifyCode(
  deps: CodeDeps,
  of: CodeSubject,
  action: 'check' | 'use',
  code: string | null,
  codeId?: string,
): Promise<Issued> {
  const at = deps.clock().toISOString();
  const { events, state } = await handleCommand(
    deps.store,
    codeStream(of),
    codeDecider,
    action === 'check'
      ? { type: 'CheckCode', code: code ?? '', codeId, at }
      : { type: 'UseCode', code, codeId, at },
    { eventId: () => deps.newId() },
  );
  if (events.some((e) => e.type === 'VerificationCodeRejected') || state.status !== 'issued')
    throw new WrongCodeError();
  return state;
}

/** For registration: whether the latest code sent to this subject was confirmed and is still fresh. */
export async function isConfirmed(
  deps: Pick<CodeDeps, 'store' | 'clock'>,
  of: CodeSubject,
): Promise<boolean> {
  const { state } = await loadState(deps.store, codeStream(of), codeDecider);
  return state.status === 'issued' && state.confirmed && deps.clock().toISOString() < state.expiresAt;
}
