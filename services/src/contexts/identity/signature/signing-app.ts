import { signingAppAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';

/** NCALayer's address, the signing application most users here have: a secure websocket on loopback. */
export const DEFAULT_SIGNING_APP_URL = 'wss://127.0.0.1:13579/';

/**
 * Where the web app finds the signing application on the user's machine (spec 001 §9: "{host}/"),
 * from the SIGNING_APP_URL setting, read per request so a deployment's value needs no rebuild of the
 * web app. Public: the login modal asks before anyone is signed in.
 */
export async function signingAppRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/signing-app.json',
    { schema: { tags: ['signature'], response: { 200: signingAppAnswer } } },
    async () => ({
      entity: { url: process.env.SIGNING_APP_URL || DEFAULT_SIGNING_APP_URL },
    }),
  );
}
