import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { peekBasket } from '../commands';
import { orderTotalEntity } from '../entities';
import type { ProviderSettings } from '../payments/provider-port';

/** What the shop's route modules share: the id shape, the staff groups and small answers. */
export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const tags = ['shop'];
export const STAFF = new Set(['admin', 'manager']);

/** A provider record's keys, for its adapter only (never answered, never logged). */
export const settingsOf = (row: {
  secret_key: string | null;
  webhook_secret: string | null;
}): ProviderSettings => ({
  secretKey: row.secret_key || null,
  webhookSecret: row.webhook_secret || null,
});

export const nowOf = (services: ContextServices) => () => services.clock().toISOString();

export const needSchool = (caller: Caller) => {
  if (!caller.schoolId) throw new ValidationError('Выберите школу', { school_id: ['Выберите школу'] });
};

/** The caller's basket total, the answer of every basket change. */
export const totalAnswer = async (services: ContextServices, caller: Caller) => {
  const peek = await peekBasket(services, caller);
  return orderTotalEntity(peek.id, peek.state);
};
