import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Projection } from '../platform/projections/projection';
import { proctoringContext } from './proctoring';

/** What a bounded context contributes; roles assemble these and nothing else. */
export interface BoundedContext {
  name: string;
  migrations: Record<string, Migration>;
  projections: Projection[];
  routes?: (app: FastifyInstance) => Promise<void>;
}

export const contexts: BoundedContext[] = [proctoringContext];

export function allMigrations(): Record<string, Migration> {
  return Object.assign({}, ...contexts.map((c) => c.migrations)) as Record<string, Migration>;
}

export function allProjections(): Projection[] {
  return contexts.flatMap((c) => c.projections);
}
