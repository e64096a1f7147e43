import { z } from 'zod';
import { ForbiddenError } from '../../platform/errors';
import type { CollectionDefinition } from '../../platform/http/records/collection';
import { taskEntity } from './read-model/entities';
import { TASKS_PROJECTION, TASKS_TABLE } from './read-model/tables';

/**
 * `/api/tasks` (+ /{id}): the caller's own tasks, newest first, paged under entities.data with
 * `page`. Tasks are made by the routes that start them (results export) and changed by their actions,
 * never through the record calls.
 */
export const tasksCollection: CollectionDefinition = {
  name: 'tasks',
  category: 'task',
  table: TASKS_TABLE,
  projection: TASKS_PROJECTION,
  columns: {},
  toEntity: taskEntity,
  create: z.strictObject({}),
  update: z.strictObject({}),
  events: { created: 'TaskCreated', updated: 'TaskProgressed', deleted: 'TaskAborted' },
  filters: { id: 'string', status: 'string', kind: 'string' },
  sortable: ['id', 'created_at', 'updated_at', 'name'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
  paging: { defaultLimit: 10, maxLimit: 100 },
  schoolScoped: true,
  search: ['name'],
  handle: async () => {
    throw new ForbiddenError('Forbidden');
  },
};
