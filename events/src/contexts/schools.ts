import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';
import { changesOf } from './reference';

/**
 * Schools as the admin curates them. A school's one stream stays identity's `school-<id>` (registered
 * there with SchoolRegistered): this context only adds the edits to the same stream, so there is one
 * source of truth for a school and the stream's version orders every change to it.
 */
const id = z.string().min(1).max(64);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

/** The specification's School (000 §3) in its HTTP field names, plus where it is (region, city). */
export const schoolProfileSchema = z.object({
  type: z.string().trim().min(1).max(32).default('school'),
  name: z.string().trim().min(1, 'Введите название').max(255),
  logo: optionalText(1000),
  website: optionalText(1000),
  email: z.email('Неверный адрес электронной почты').max(255).nullable().default(null),
  short_description: optionalText(2000),
  call_center_phone: optionalText(32),
  region_id: id.nullable().default(null),
  city_id: id.nullable().default(null),
});
export type SchoolProfile = z.infer<typeof schoolProfileSchema>;

export const SchoolProfileUpdated = defineEvent({
  type: 'SchoolProfileUpdated',
  version: 1,
  schema: z.object({ schoolId: id, changes: changesOf(schoolProfileSchema) }),
});
export type SchoolProfileUpdatedData = z.infer<typeof SchoolProfileUpdated.schema>;

export const schoolsContract = defineContract({
  context: 'schools',
  // No category of its own: the events live on identity's school streams (see above).
  categories: [],
  events: [SchoolProfileUpdated],
});
