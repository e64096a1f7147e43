import type {
  VerificationCodeConfirmedData,
  VerificationCodeIssuedData,
  VerificationCodeRejectedData,
  VerificationCodeUsedData,
} from '@sabaq/events';
import { createHash, timingSafeEqual } from 'node:crypto';
import { TooManyRequestsError, WrongCodeError } from './errors';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_PAUSE_MS = 60 * 1000;
export const MAX_ATTEMPTS = 5;

export type CodeEvent =
  | { type: 'VerificationCodeIssued'; data: VerificationCodeIssuedData }
  | { type: 'VerificationCodeRejected'; data: VerificationCodeRejectedData }
  | { type: 'VerificationCodeConfirmed'; data: VerificationCodeConfirmedData }
  | { type: 'VerificationCodeUsed'; data: VerificationCodeUsedData };

export type CodeCommand =
  | { type: 'IssueCode'; data: VerificationCodeIssuedData }
  /** The user typed a code: confirm it, or count a wrong attempt. codeId names one issue when given. */
  | { type: 'CheckCode'; code: string; codeId?: string; at: string }
  /** Spend the code on its action: the code is presented again, or was confirmed before (code null). */
  | { type: 'UseCode'; code: string | null; codeId?: string; at: string };

export type CodeState =
  | { status: 'none' }
  | {
      status: 'issued';
      codeId: string;
      userId: string | null;
      recipient: string;
      codeHash: string;
      issuedAt: string;
      expiresAt: string;
      failures: number;
      confirmed: boolean;
      used: boolean;
    };

/** Salted with the code's id, so two users' equal codes never hash alike in the store. */
export function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code.trim()}`).digest('hex');
}

const plusMs = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

function matches(state: Extract<CodeState, { status: 'issued' }>, code: string): boolean {
  return timingSafeEqual(Buffer.from(hashCode(state.codeId, code)), Buffer.from(state.codeHash));
}

/** Refuses a code that cannot be tried any more; the same 9103 for each reason, with its own text. */
function usable(state: CodeState, codeId: string | undefined, at: string) {
  if (state.status === 'none' || (codeId !== undefined && codeId !== state.codeId))
    throw new WrongCodeError();
  if (state.used) throw new WrongCodeError('Код уже использован, запросите новый');
  if (at >= state.expiresAt) throw new WrongCodeError('Срок действия кода истек, запросите новый');
  if (state.failures >= MAX_ATTEMPTS)
    throw new WrongCodeError('Превышено число попыток, запросите новый код');
  return state;
}

export const codeDecider = {
  initialState: { status: 'none' } as CodeState,
  decide(command: CodeCommand, state: CodeState): CodeEvent[] {
    switch (command.type) {
      case 'IssueCode':
        if (state.status === 'issued' && command.data.issuedAt < plusMs(state.issuedAt, RESEND_PAUSE_MS))
          throw new TooManyRequestsError();
        return [{ type: 'VerificationCodeIssued', data: command.data }];
      case 'CheckCode': {
        const code = usable(state, command.codeId, command.at);
        if (!matches(code, command.code))
          return [
            { type: 'VerificationCodeRejected', data: { codeId: code.codeId, rejectedAt: command.at } },
          ];
        if (code.confirmed) return [];
        return [
          { type: 'VerificationCodeConfirmed', data: { codeId: code.codeId, confirmedAt: command.at } },
        ];
      }
      case 'UseCode': {
        const code = usable(state, command.codeId, command.at);
        if (command.code === null) {
          if (!code.confirmed) throw new WrongCodeError('Код не подтвержден');
        } else if (!matches(code, command.code)) {
          return [
            { type: 'VerificationCodeRejected', data: { codeId: code.codeId, rejectedAt: command.at } },
          ];
        }
        return [{ type: 'VerificationCodeUsed', data: { codeId: code.codeId, usedAt: command.at } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: CodeState, event: CodeEvent): CodeState {
    switch (event.type) {
      case 'VerificationCodeIssued':
        return {
          status: 'issued',
          codeId: event.data.codeId,
          userId: event.data.userId,
          recipient: event.data.recipient,
          codeHash: event.data.codeHash,
          issuedAt: event.data.issuedAt,
          expiresAt: event.data.expiresAt,
          failures: 0,
          confirmed: false,
          used: false,
        };
      case 'VerificationCodeRejected':
        return state.status === 'issued' ? { ...state, failures: state.failures + 1 } : state;
      case 'VerificationCodeConfirmed':
        return state.status === 'issued' ? { ...state, confirmed: true } : state;
      case 'VerificationCodeUsed':
        return state.status === 'issued' ? { ...state, confirmed: true, used: true } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
