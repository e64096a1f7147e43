import type { CollectionDefinition } from '../../platform/http/records/collection';
import { classroomAcs, classroomPcs, classroomPersons, classroomSchedules } from './collections';

/** A classroom's parts, looked up lazily (collections.ts imports the commands that need them). */
export function classroomPartCollections(): CollectionDefinition[] {
  return [classroomSchedules, classroomPcs, classroomAcs, classroomPersons].map((c) => c.collection);
}
