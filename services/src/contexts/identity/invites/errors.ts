import { DomainError } from '../../../platform/errors';

/** What a person is told about a code that cannot be used, under the form's invite_code field. */
export const INVITE_REFUSALS = {
  required: 'Введите код приглашения',
  unknown: 'Код приглашения не найден',
  revoked: 'Код приглашения отозван',
  expired: 'Срок действия кода приглашения истек',
  usedUp: 'Код приглашения уже использован максимальное число раз',
} as const;

export type InviteRefusal = keyof typeof INVITE_REFUSALS;

/** 422 with the reason under invite_code, as the registration and attach-school forms show it. */
export class InviteCodeError extends DomainError {
  constructor(readonly reason: InviteRefusal) {
    super(INVITE_REFUSALS[reason], 422, 422, { invite_code: [INVITE_REFUSALS[reason]] });
  }
}
