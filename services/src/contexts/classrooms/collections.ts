import {
  AcsGateEvents,
  ClassroomAcsEvents,
  ClassroomEvents,
  ClassroomPcEvents,
  ClassroomPersonEvents,
  ClassroomScheduleEvents,
  acsGateSchema,
  classroomAcsSchema,
  classroomPcSchema,
  classroomPersonSchema,
  classroomSchema,
  classroomScheduleSchema,
} from '@sabaq/events';
import type { Row } from '../../platform/http/records/collection';
import { defineCollection } from '../../platform/http/records/define';
import { classroomCommands } from './commands';

const eventTypes = (set: {
  created: { type: string };
  updated: { type: string };
  deleted: { type: string };
}) => ({
  created: set.created.type,
  updated: set.updated.type,
  deleted: set.deleted.type,
});
const context = 'classrooms';
const visual = { image: 'text', color: 'text', name: 'text', description: 'text' } as const;

export const classrooms = defineCollection({
  context,
  name: 'classrooms',
  category: 'classroom',
  schema: classroomSchema,
  events: eventTypes(ClassroomEvents),
  columns: { timezone_id: 'text', ...visual, have_acs: 'boolean', is_active: 'boolean' },
  filters: { is_active: 'boolean', have_acs: 'boolean', name: 'string' },
  sortable: ['id', 'name', 'created_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
});
classrooms.collection.search = ['name', 'description'];

export const classroomSchedules = defineCollection({
  context,
  name: 'classroom-schedules',
  category: 'classroom_schedule',
  schema: classroomScheduleSchema,
  events: eventTypes(ClassroomScheduleEvents),
  columns: {
    classroom_id: 'text',
    weekday: 'integer',
    work_at_start: 'text',
    work_at_end: 'text',
    is_workday: 'boolean',
  },
  filters: { classroom_id: 'string', weekday: 'integer' },
  sortable: ['id', 'weekday', 'work_at_start'],
  defaultOrder: { field: 'weekday', direction: 'asc' },
  schoolScoped: true,
});

export const classroomPcs = defineCollection({
  context,
  name: 'classroom-pcs',
  category: 'classroom_pc',
  schema: classroomPcSchema,
  events: eventTypes(ClassroomPcEvents),
  columns: { classroom_id: 'text', ...visual, hostname: 'text', is_active: 'boolean' },
  filters: { classroom_id: 'string', hostname: 'string' },
  sortable: ['id', 'name', 'hostname'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
});

/** The password column is kept for the gate driver and left out of every answer. */
export const classroomAcs = defineCollection({
  context,
  name: 'classroom-acs',
  category: 'classroom_acs',
  schema: classroomAcsSchema,
  events: eventTypes(ClassroomAcsEvents),
  columns: {
    classroom_id: 'text',
    acs_gate_id: 'text',
    hostname: 'text',
    login: 'text',
    password: 'text',
    settings: 'text',
  },
  filters: { classroom_id: 'string' },
  sortable: ['id', 'hostname'],
  schoolScoped: true,
  toEntity: (row: Row) => ({
    id: row.id,
    classroom_id: row.classroom_id,
    acs_gate_id: row.acs_gate_id,
    hostname: row.hostname,
    login: row.login ?? null,
    has_password: typeof row.password === 'string' && row.password.length > 0,
    settings: row.settings ?? null,
  }),
});

export const classroomPersons = defineCollection({
  context,
  name: 'classroom-persons',
  category: 'classroom_person',
  schema: classroomPersonSchema,
  events: eventTypes(ClassroomPersonEvents),
  columns: {
    classroom_id: 'text',
    classroom_acs_id: 'text',
    user_id: 'text',
    photo: 'text',
    access_expired_at: 'text',
    is_active: 'boolean',
  },
  filters: { classroom_id: 'string', user_id: 'string' },
  sortable: ['id', 'access_expired_at'],
  schoolScoped: true,
});

/** Supported gate models: seeded reference rows, shared by every school (seed.ts). */
export const acsGates = defineCollection({
  context,
  name: 'acs-gates',
  category: 'acs_gate',
  schema: acsGateSchema,
  events: eventTypes(AcsGateEvents),
  columns: { manufacturer: 'text', model: 'text', handler: 'text', name: 'text', description: 'text' },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
});

// Writes of the school's records check their references first (commands.ts); gates come from the seed.
for (const c of [classrooms, classroomSchedules, classroomPcs, classroomAcs, classroomPersons]) {
  c.collection.handle = classroomCommands(c.collection);
}

export const classroomCollections = [
  classrooms,
  classroomSchedules,
  classroomPcs,
  classroomAcs,
  classroomPersons,
  acsGates,
];
