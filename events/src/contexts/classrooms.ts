import { z } from 'zod';
import { isInstantInRange } from '../instants';
import { defineContract } from '../registry';
import { recordEvents } from './reference';

/**
 * Classrooms ("rooms", docs/classrooms.md): a school's physical rooms with their weekly schedule, PCs,
 * access-control links and the persons let in. Each record is its own stream with Created / Updated /
 * Deleted events; references to other records (classroom_id, user_id, acs_gate_id) are checked by the
 * services before the event is written, since they depend on the caller's school.
 */
const ref = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Неверный идентификатор');
const text = (max: number) => z.string().trim().min(1, 'Поле обязательно').max(max);
const optionalText = (max: number) => z.string().max(max).nullable().default(null);
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Цвет в виде #RRGGBB')
  .nullable()
  .default(null);
/** A host name or an IPv4 address, as the room's PCs and gates are reached on the school's network. */
const hostname = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
    'Неверное имя хоста',
  );
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ');

export const classroomSchema = z.object({
  timezone_id: ref.nullable().default(null),
  image: optionalText(2000),
  color,
  name: text(200),
  description: optionalText(2000),
  have_acs: z.boolean().default(false),
  is_active: z.boolean().default(true),
});
export const classroomScheduleSchema = z.object({
  classroom_id: ref,
  weekday: z.number().int().min(1, 'День недели от 1 до 7').max(7, 'День недели от 1 до 7'),
  work_at_start: time,
  work_at_end: time,
  is_workday: z.boolean().default(true),
});
export const classroomPcSchema = z.object({
  classroom_id: ref,
  image: optionalText(2000),
  color,
  name: text(200),
  description: optionalText(2000),
  hostname,
  is_active: z.boolean().default(true),
});
export const classroomAcsSchema = z.object({
  classroom_id: ref,
  acs_gate_id: ref,
  hostname,
  login: optionalText(200),
  /** Write-only: kept for the gate driver, never answered (docs/classrooms.md). */
  password: optionalText(200),
  /** The gate's settings as JSON text; their meaning belongs to the gate driver. */
  settings: optionalText(4000),
});
export const classroomPersonSchema = z.object({
  classroom_id: ref,
  classroom_acs_id: ref.nullable().default(null),
  user_id: ref,
  photo: optionalText(2000),
  access_expired_at: z.iso
    .datetime({ offset: true, message: 'Дата и время ISO 8601' })
    .refine(isInstantInRange, 'Дата вне диапазона 1900–2299 годов')
    .nullable()
    .default(null),
  is_active: z.boolean().default(true),
});
export const acsGateSchema = z.object({
  manufacturer: text(200),
  model: text(200),
  handler: text(200),
  name: text(200),
  description: optionalText(2000),
});

export const ClassroomEvents = recordEvents('Classroom', classroomSchema);
export const ClassroomScheduleEvents = recordEvents('ClassroomSchedule', classroomScheduleSchema);
export const ClassroomPcEvents = recordEvents('ClassroomPc', classroomPcSchema);
export const ClassroomAcsEvents = recordEvents('ClassroomAcs', classroomAcsSchema);
export const ClassroomPersonEvents = recordEvents('ClassroomPerson', classroomPersonSchema);
export const AcsGateEvents = recordEvents('AcsGate', acsGateSchema);

const all = [
  ClassroomEvents,
  ClassroomScheduleEvents,
  ClassroomPcEvents,
  ClassroomAcsEvents,
  ClassroomPersonEvents,
  AcsGateEvents,
];

export const classroomsContract = defineContract({
  context: 'classrooms',
  categories: [
    'classroom',
    'classroom_schedule',
    'classroom_pc',
    'classroom_acs',
    'classroom_person',
    'acs_gate',
  ],
  events: all.flatMap((set) => [set.created, set.updated, set.deleted]),
});
