import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceAgentConditionsAnswer,
  deviceAgentConditionsBody,
  deviceAgentKeyAnswer,
  deviceAgentReportBody,
  deviceAgentTokenAnswer,
  deviceAgentTokenRequest,
  deviceReportEntity,
  entitiesAnswer,
  entityAnswer,
} from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { callerOf } from '../../../platform/http/authenticate';
import { recordId } from '../../../platform/http/records/list-query';
import { recordAgentConditions, recordAgentReport } from './agent-calls';
import { issueDeviceAgentToken } from './issue-token';
import { attemptDeviceReports } from './read-reports';
import { deviceAgentKey } from './signing-key';
import { AGENT_CALL_BUDGETS, callBudget } from './call-budget';

/**
 * The origin a page token names as its issuer, which the agent compares with the platform it was
 * started for: DEVICE_AGENT_ISSUER when a deployment sets it, else the page's Origin (the exam page
 * asks for its token), else this request's own scheme and host.
 */
function issuerOf(request: FastifyRequest): string {
  const configured = process.env.DEVICE_AGENT_ISSUER;
  if (configured) return new URL(configured).origin;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\//.test(origin)) return new URL(origin).origin;
  return `${request.protocol}://${request.host}`;
}

/**
 * The device agent's calls (docs/device-agent.md):
 * - GET /api/device-agent/key.json: the public key page tokens are checked with (public);
 * - POST /api/device-agent/token.json: a page token for the caller's attempt (its student only);
 * - POST /api/device-agent/reports.json, /conditions.json: the agent's own report and conditions,
 *   authenticated by the page token in the body (the agent has no session);
 * - GET /api/device-agent/reports.json?assignment_attempt_id=: an attempt's reports, for its watchers.
 */
export async function deviceAgentRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device-agent'];
  const spendReport = callBudget(AGENT_CALL_BUDGETS.reports, services.clock);
  const spendConditions = callBudget(AGENT_CALL_BUDGETS.conditions, services.clock);

  api.get(
    '/api/device-agent/key.json',
    { schema: { tags, response: { 200: deviceAgentKeyAnswer } } },
    async () => {
      const key = await deviceAgentKey(services.db);
      return { key_id: key.keyId, public_key_pem: key.publicKeyPem };
    },
  );

  api.post(
    '/api/device-agent/token.json',
    {
      schema: {
        tags,
        body: deviceAgentTokenRequest,
        response: { 201: entityAnswer(deviceAgentTokenAnswer) },
      },
    },
    async (request, reply) => {
      const entity = await issueDeviceAgentToken(
        services,
        callerOf(request),
        request.body,
        issuerOf(request),
      );
      return reply.status(201).send({ entity });
    },
  );

  api.post(
    '/api/device-agent/reports.json',
    { schema: { tags, body: deviceAgentReportBody, response: { 201: entityAnswer(deviceReportEntity) } } },
    async (request, reply) => {
      spendReport(request.body.token);
      return reply.status(201).send({ entity: await recordAgentReport(services, request.body) });
    },
  );

  api.post(
    '/api/device-agent/conditions.json',
    { schema: { tags, body: deviceAgentConditionsBody, response: { 201: deviceAgentConditionsAnswer } } },
    async (request, reply) => {
      spendConditions(request.body.token);
      return reply.status(201).send({ ids: await recordAgentConditions(services, request.body) });
    },
  );

  api.get(
    '/api/device-agent/reports.json',
    {
      schema: {
        tags,
        querystring: z.object({ assignment_attempt_id: recordId }),
        response: { 200: entitiesAnswer(deviceReportEntity) },
      },
    },
    async (request) => ({
      entities: await attemptDeviceReports(services, callerOf(request), request.query.assignment_attempt_id),
    }),
  );
}
