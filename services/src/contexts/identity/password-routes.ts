import { hash } from '@node-rs/argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller';
import type { ContextServices } from '../index';
import { handleCommand } from './command';
import { userDecider, userStream } from './user-decider';

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
      schema: { body: newPasswordBody },
    },
    async (request) => {
      const caller = request.caller!;
      const now = services.clock().toISOString();
      await handleCommand(
        services.store,
        userStream(caller.userId),
        userDecider,
        {
          type: 'ChangePassword',
          data: {
            userId: caller.userId,
            passwordHash: await hash(request.body.new_password),
            changedAt: now,
          },
        },
        { eventId: () => services.newId(), metadata: { userId: caller.userId } },
      );
      return { message: 'Пароль успешно изменен' };
    },
  );
}
