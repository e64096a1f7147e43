import {
  InvalidEventPayloadError,
  proctoringActionsFrameSchema,
  UnknownEventTypeError,
  type ContextReplyMessage,
} from '@sabaq/events';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { DomainError, ForbiddenError, ValidationError } from '../../../platform/errors';
import { refusePendingChallenges } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import { errorBody } from '../../../platform/http/error-handler';
import { proctoringRouteAccess } from '../access-rules';
import type { ClientMessageHandler } from '../../../platform/realtime/contribution';
import { actionBatchBody } from './bodies';
import { recordActionBatch } from './record-actions';

/** The socket form answers to the batch route's row of the route access table, so the two never drift. */
const BATCH_ROUTE = 'POST /api/assignment/actions/batch';

/**
 * `proctoring.actions` on the realtime socket: the HTTP batch for clients that send every second. The
 * same body schema, the same write rules and the same idempotency (recordActionBatch), the same access
 * row; answered `proctoring.ack` with the stored ids, or `proctoring.error` in the specification's shape.
 * The caller is the one the socket authenticated with; a session that ends closes the socket.
 */
export function proctoringActionsOverSocket(
  services: Pick<ContextServices, 'db' | 'clock' | 'ingest' | 'objects' | 'newId'>,
): ClientMessageHandler {
  return {
    event: 'proctoring.actions',
    async handle(frame, { caller, log }) {
      const envelope = proctoringActionsFrameSchema.safeParse(frame);
      const ref = envelope.success ? envelope.data.ref : null;
      try {
        admitLikeTheBatchRoute(caller);
        if (!envelope.success) throw invalid(envelope.error);
        const body = actionBatchBody.safeParse({ actions: envelope.data.actions });
        if (!body.success) throw invalid(body.error);
        const prepared = await recordActionBatch(services, caller, body.data.actions);
        return { event: 'proctoring.ack', ref: envelope.data.ref, ids: prepared.map((p) => p.event.id) };
      } catch (error) {
        return refusal(ref, error, log);
      }
    },
  };
}

function admitLikeTheBatchRoute(caller: Caller): void {
  refusePendingChallenges(caller);
  const rule = proctoringRouteAccess[BATCH_ROUTE];
  if (rule?.kind !== 'groups' || !rule.groups.includes(caller.group)) throw new ForbiddenError();
}

/** Field errors keyed as the HTTP error handler keys a body's (`actions.0.action_type`). */
function invalid(error: z.ZodError): ValidationError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const where = issue.path.map(String).join('.') || '_';
    (errors[where] ??= []).push(issue.message);
  }
  return new ValidationError('The given data was invalid.', errors);
}

/** What the HTTP error handler would answer for the same failure; details of a 5xx stay in the log. */
function refusal(ref: string | null, error: unknown, log: FastifyBaseLogger): ContextReplyMessage {
  const answer = (message: string, status: number, errors: Record<string, string[]> = {}) => ({
    event: 'proctoring.error' as const,
    ref,
    ...errorBody(message, status, errors),
  });
  if (error instanceof DomainError) return answer(error.message, error.statusCode, error.errors);
  if (error instanceof InvalidEventPayloadError) return answer(error.message, 422, error.errors);
  if (error instanceof UnknownEventTypeError) return answer(error.message, 422, { type: [error.message] });
  log.error({ err: error }, 'proctoring.actions over the socket failed');
  return answer('Internal Server Error', 500);
}
