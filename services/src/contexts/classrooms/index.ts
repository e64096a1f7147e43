import type { Migration } from 'kysely';
import type { BoundedContext } from '../../platform/context';
import { classroomCollections } from './collections';
import { classroomRoutes } from './routes';
import { seedGates } from './seed';
import { classroomsRecordAccess } from './access-rules';

/** Classrooms ("rooms"): a school's rooms, their schedules, PCs, access-control links and persons. */
export const classroomsContext: BoundedContext = {
  name: 'classrooms',
  recordAccess: classroomsRecordAccess,
  migrations: Object.fromEntries(
    classroomCollections.map((c, i) => [
      `1100_classrooms_${String(i).padStart(2, '0')}_${c.collection.name}`,
      c.migration,
    ]),
  ) as Record<string, Migration>,
  projections: classroomCollections.map((c) => c.projection),
  routes: (app, services) => classroomRoutes(app, services),
  seed: (services) => seedGates(services),
};
