/** Authoring's records as the web app reads them (docs/authoring.md). */
export interface QuizComponent {
  id?: string;
  component_type: string;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
  position?: number;
  /** The editor's own key for a component not saved yet; the platform echoes it back. */
  temporary_id?: string | null;
}

export interface Quiz {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  is_unlisted: boolean;
  components: (QuizComponent & { id: string })[];
  components_count: number;
  max_score: number;
  created_at: string;
}

export interface Lesson {
  id: string;
  name: string;
  description: string | null;
  status: 'draft' | 'published';
  color: string | null;
  chapters: Chapter[];
  chapters_count: number;
  max_score: number;
  created_at: string;
}

export interface Chapter {
  id: string;
  lesson_id: string;
  name: string;
  position: number;
  components: (QuizComponent & { id: string; chapter_id: string })[];
}

export interface Course {
  id: string;
  name: string;
  short_description: string | null;
  description: string | null;
  status: 'draft' | 'published';
  availability_type: 'public' | 'private' | 'prepaid';
  groups_count: number;
  materials_count: number;
  students_count: number;
  created_at: string;
}

export const CONTENT_TYPES = ['text', 'media', 'embed'] as const;
export const QUESTION_TYPES = ['choice', 'free', 'open', 'fill-space', 'drag-and-drop', 'code'] as const;
export type EditableType = (typeof CONTENT_TYPES)[number] | (typeof QUESTION_TYPES)[number];
export const isQuestion = (type: string) => (QUESTION_TYPES as readonly string[]).includes(type);

let counter = 0;
/** A short id for options, gaps and items: unique within a component, readable in the data. */
export function localId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** A new component of a type, with data the platform accepts once the teacher fills the texts in. */
export function newComponent(type: EditableType): QuizComponent {
  const settings = isQuestion(type) ? { points: 1, penalty_points: 0 } : {};
  const base = { component_type: type, settings, temporary_id: localId('tmp') };
  switch (type) {
    case 'text':
      return { ...base, data: { content: '' } };
    case 'media':
      return { ...base, data: { media_type: 'image', src: '', caption: null } };
    case 'embed':
      return { ...base, data: { url: '', caption: null } };
    case 'choice':
      return {
        ...base,
        data: {
          question: '',
          options: [
            { id: localId('o'), text: '' },
            { id: localId('o'), text: '' },
          ],
          correct: [],
          multiple: false,
        },
      };
    case 'free':
      return { ...base, data: { question: '' } };
    case 'open':
      return { ...base, data: { question: '', sample_answer: null } };
    case 'fill-space':
      return {
        ...base,
        data: {
          question: '',
          text: 'Столица Казахстана — {{g1}}.',
          gaps: [{ id: 'g1', answers: [''], case_sensitive: false }],
        },
      };
    case 'drag-and-drop': {
      const item = localId('i');
      const target = localId('t');
      return {
        ...base,
        data: {
          question: '',
          items: [{ id: item, text: '' }],
          targets: [{ id: target, text: '' }],
          correct: { [item]: target },
        },
      };
    }
    case 'code':
      return {
        ...base,
        data: {
          question: '',
          languages: ['python'],
          tests: [
            { input: '', expected_output: '', memory_limit: 64 * 1024 * 1024, time_limit: 1000, points: 1 },
          ],
          templates: {},
        },
      };
  }
}

/** Gap ids written in a fill-space text ({{id}}), in order, without repeats. */
export function gapsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}\s]{1,64})\s*\}\}/g)].map((m) => m[1]!))];
}

/** The components as POST/PUT /api/quiz takes them: the list's order is the position. */
export function componentsBody(components: QuizComponent[]) {
  return components.map((c, position) => ({
    ...(c.id ? { id: c.id } : { temporary_id: c.temporary_id ?? null }),
    component_type: c.component_type,
    data: c.data,
    settings: c.settings,
    position,
  }));
}
