import { sanitiseRichFields } from '../../../platform/rich-text/sanitise-rich-text';
import type { Data } from './record-rules';

/** The record fields written in the rich text editor, by stream category. */
const descriptionOwners = new Set([
  'lesson',
  'lesson_chapter',
  'course',
  'course_group',
  'course_material',
  'quiz',
]);

/** A component's data fields written in the rich text editor: a text's content, a question's text. */
const componentDataFields = ['content', 'question'] as const;

/** A component's fields with the rich text of its data cleaned (data absent or not an object: as sent). */
export function cleanComponentFields<T extends Data>(fields: T): T {
  const data = fields.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return fields;
  const clean = sanitiseRichFields(data as Data, componentDataFields);
  return clean === data ? fields : { ...fields, data: clean };
}

/**
 * The sent fields of a record with every rich text cleaned, before any rule sees them: what is stored
 * (and so what every reader is later shown) never holds a script, a handler or a javascript: link.
 */
export function cleanRichText(category: string, fields: Data): Data {
  let clean = descriptionOwners.has(category) ? sanitiseRichFields(fields, ['description']) : fields;
  if (category === 'lesson_component') clean = cleanComponentFields(clean);
  if (category === 'quiz' && Array.isArray(clean.components)) {
    clean = {
      ...clean,
      components: clean.components.map((c: unknown) =>
        c && typeof c === 'object' && !Array.isArray(c) ? cleanComponentFields(c as Data) : c,
      ),
    };
  }
  return clean;
}
