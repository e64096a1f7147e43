import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@sabaq/events';
import type { Caller } from '../../platform/http/caller';
import type { ContextServices } from '../../platform/context';
import { setPassword } from './recovery/set-password';

const MIN_PASSWORD = 6;

export const newPasswordBody = z
  .object({
    new_password: z.string().min(MIN_PASSWORD, `Минимальная длина пароля ${MIN_PASSWORD} символов`).max(1024),
    new_password_confirmation: z.string(),
  })
  .refine((b) => b.new_password === b.new_password_confirmation, {
    message: 'Пароли не совпадают',
    path: ['new_password_confirmation'],
  });

/** Password change for the signed-in user (the specification's profile password screen). */
export async function passwordRoutes(
  root: FastifyInstance,
  services: ContextServices,
  authenticated: (request: FastifyRequest) => Promise<{ caller: Caller }>,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/password/change.json',
    {
      // Authenticate before validating: a stranger learns nothing about the password rules' outcome.
      preValidation: async (request) => void (await authenticated(request)),
      schema: { body: newPasswordBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      const caller = request.caller!;
      // Also completes a pending change_password challenge and signs out the user's other sessions.
      await setPassword(services, caller.userId, request.body.new_password, caller.sessionId ?? null);
      return { message: 'Пароль успешно изменен' };
    },
  );
}
