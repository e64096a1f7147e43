import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  entitiesAnswer,
  entityAnswer,
  binaryAnswer,
  describedObject,
  listAnswer,
  proctoringAction,
  proctoringActivity,
} from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import { recordId } from '../../platform/http/records/list-query';
import { violationReport } from './analytics/violation-report';
import { assignmentsFacts, watches } from './assignments-lookup';
import { actionBatchBody, actionBody, activityBody } from './ingest/bodies';
import { HOLD_ACTIONS, holdRecorded } from './ingest/write-targets';
import {
  prepareAction,
  recordActionBatch,
  recordActivity,
  recordedActionEntity,
  submitActions,
} from './ingest/record-actions';
import { parseListQuery } from './read/list-query';
import { actionEntity, activityEntity, listTelemetry, type TelemetryKind } from './read/list-telemetry';
import { assignmentRoster } from './read/roster';
import { openScreenshot } from './read/screenshot';
import { reviewQueue } from './review/review-queue';
import { reviewBody, reviewInterval } from './review/review-interval';
import { attemptTimeline } from './timeline/attempt-timeline';
import { callerOf } from '../../platform/http/authenticate';

/** An action's screenshot: the image itself, in whichever format it was stored. */
const screenshotAnswer = {
  description: 'The image',
  content: Object.fromEntries(
    ['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, { schema: binaryAnswer }]),
  ),
};

/**
 * Answers built by the read side's own code (timeline, queue, roster, report): documented as objects
 * whose fields docs/proctoring.md describes, passed through whole.
 */
const described = {
  timeline: describedObject("The attempt's timeline with its credibility (docs/proctoring.md)"),
  review: describedObject('The reviewed interval (docs/proctoring.md)'),
  violations: describedObject('Violations per type and per hour (docs/proctoring.md)'),
  queueEntry: describedObject('One attempt of the review queue (docs/proctoring.md)'),
  rosterEntry: describedObject("One student's attempt and its state (docs/proctoring.md)"),
};

/**
 * The proctoring calls. Who may call each is in the route access table (route-access.ts); ownership
 * (the caller's school, their own attempt, the assignments they watch) is checked here.
 * - POST /api/assignment/actions, /api/assignment/actions/batch, /api/assignment/activities
 * - GET /api/assignment/actions, /api/assignment/actions/{assignment}.json, same for activities
 * - GET /api/proctoring/screenshots/{action}/{index}: an action's screenshot, streamed
 * - GET /api/proctoring/timelines/{attempt}, POST /api/proctoring/timelines/{attempt}/reviews
 * - GET /api/proctoring/review-queue?assignment_id=
 * - GET /api/proctoring/roster?assignment_id=: every student of the assignment, one state per attempt
 * - GET /api/proctoring/analytics/violations?assignment_id=: per type and per hour, from ClickHouse
 */
export async function proctoringRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['proctoring'];

  api.post(
    '/api/assignment/actions',
    { schema: { tags, body: actionBody, response: { 201: entityAnswer(proctoringAction) } } },
    async (request, reply) => {
      const prepared = await prepareAction(services, callerOf(request), request.body);
      await submitActions(services, [prepared]);
      if ((HOLD_ACTIONS as readonly string[]).includes(prepared.event.data.actionType))
        await holdRecorded(services.db, prepared.event.id);
      return reply.status(201).send({ entity: recordedActionEntity(prepared) });
    },
  );

  api.post(
    '/api/assignment/actions/batch',
    { schema: { tags, body: actionBatchBody, response: { 201: entitiesAnswer(proctoringAction) } } },
    async (request, reply) => {
      const prepared = await recordActionBatch(services, callerOf(request), request.body.actions);
      return reply.status(201).send({ entities: prepared.map(recordedActionEntity) });
    },
  );

  api.post(
    '/api/assignment/activities',
    { schema: { tags, body: activityBody, response: { 201: entityAnswer(proctoringActivity) } } },
    async (request, reply) => {
      const entity = await recordActivity(services, callerOf(request), request.body);
      return reply.status(201).send({ entity });
    },
  );

  const readers: [string, TelemetryKind, (row: Record<string, unknown>) => unknown, z.ZodType][] = [
    ['/api/assignment/actions', 'actions', actionEntity, proctoringAction],
    ['/api/assignment/activities', 'activities', activityEntity, proctoringActivity],
  ];
  for (const [path, kind, toEntity, entity] of readers) {
    api.get(path, { schema: { tags, response: { 200: listAnswer(entity) } } }, async (request) => {
      const query = parseListQuery(request.query);
      const found = await listTelemetry(services.db, callerOf(request), kind, query);
      const rows = found === 'nothing' ? [] : found.rows;
      const entities = rows.map(toEntity);
      if (!query.paging) return { entities };
      const total = found === 'nothing' ? 0 : found.total;
      return {
        entities: {
          data: entities,
          current_page: found === 'nothing' ? 1 : found.page,
          last_page: Math.max(1, Math.ceil(total / query.paging.limit)),
          total,
          per_page: query.paging.limit,
        },
      };
    });

    api.get(
      `${path}/:assignment.json`,
      {
        schema: {
          tags,
          params: z.object({ assignment: recordId }),
          response: { 200: entitiesAnswer(entity) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { assignment } = request.params;
        const facts = (await assignmentsFacts(services.db, [assignment])).get(assignment);
        const visible =
          facts !== undefined &&
          facts.schoolId === caller.schoolId &&
          (caller.group === 'student' || watches(caller, facts));
        if (!visible) throw new NotFoundError('Задание не найдено');
        const found = await listTelemetry(services.db, caller, kind, { assignmentIds: [assignment] });
        return { entities: found === 'nothing' ? [] : found.rows.map(toEntity) };
      },
    );
  }

  api.get(
    '/api/proctoring/screenshots/:action/:index',
    {
      schema: {
        tags,
        params: z.object({ action: recordId, index: z.coerce.number().int().min(0).max(9) }),
        response: { 200: screenshotAnswer },
      },
    },
    async (request, reply) => {
      const { body, contentType } = await openScreenshot(
        services,
        callerOf(request),
        request.params.action,
        request.params.index,
      );
      // Screenshots of an exam are personal data: never kept by a shared cache.
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  const attemptParams = z.object({ attempt: recordId });
  api.get(
    '/api/proctoring/timelines/:attempt',
    { schema: { tags, params: attemptParams, response: { 200: entityAnswer(described.timeline) } } },
    async (request) => ({
      entity: await attemptTimeline(services.db, callerOf(request), request.params.attempt),
    }),
  );

  api.post(
    '/api/proctoring/timelines/:attempt/reviews',
    {
      schema: {
        tags,
        params: attemptParams,
        body: reviewBody,
        response: { 201: entityAnswer(described.review) },
      },
    },
    async (request, reply) => {
      const entity = await reviewInterval(services, callerOf(request), request.params.attempt, request.body);
      return reply.status(201).send({ entity });
    },
  );

  api.get(
    '/api/proctoring/analytics/violations',
    {
      schema: {
        tags,
        querystring: z.object({ assignment_id: recordId.optional() }),
        response: { 200: entityAnswer(described.violations) },
      },
    },
    async (request) => ({
      entity: await violationReport(services, callerOf(request), request.query.assignment_id),
    }),
  );

  api.get(
    '/api/proctoring/review-queue',
    {
      schema: {
        tags,
        querystring: z.object({ assignment_id: recordId }),
        response: { 200: entitiesAnswer(described.queueEntry) },
      },
    },
    async (request) => ({
      entities: await reviewQueue(services.db, callerOf(request), request.query.assignment_id),
    }),
  );

  api.get(
    '/api/proctoring/roster',
    {
      schema: {
        tags,
        querystring: z.object({ assignment_id: recordId }),
        response: { 200: entitiesAnswer(described.rosterEntry) },
      },
    },
    async (request) => ({
      entities: await assignmentRoster(
        services.db,
        callerOf(request),
        request.query.assignment_id,
        services.clock(),
      ),
    }),
  );
}
