import { z } from 'zod';
import { freeJsonObject } from '../free-json';

/**
 * Authoring's lesson and quiz components: the content types, the question types with their data and
 * settings, and the answers to each question type. Shared with the web app and the assignments context.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
/** Ids the web app makes up inside a component (options, gaps, items): any short text. */
const localId = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1, 'Введите название').max(255);
const text = (max: number) => z.string().max(max).nullable().default(null);
const image = z.string().max(2048).nullable().default(null);
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Ожидается цвет вида #1a2b3c')
  .nullable()
  .default(null);
const position = z.int().min(0).max(1_000_000).default(0);
/** Free-form settings the web app keeps; bounded so one record cannot grow without limit. */
const settings = freeJsonObject().default({});
/** The web app's own id for a record not saved yet, echoed back so it can match the answer. */
const temporaryId = z
  .union([z.string().max(64), z.int()])
  .nullable()
  .default(null);
const ids = z.array(id).max(1000).default([]);
const points = z.number().min(0).max(10_000);

export const CONTENT_TYPES = ['text', 'media', 'embed'] as const;
export const QUESTION_TYPES = ['free', 'open', 'choice', 'fill-space', 'drag-and-drop', 'code'] as const;
export const COMPONENT_TYPES = [...CONTENT_TYPES, ...QUESTION_TYPES] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const isQuestionType = (type: string): type is QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type);

/** The specification's question settings; every question type carries them. */
export const questionSettingsSchema = z
  .object({
    /** Random assessments pick questions per difficulty group. */
    difficulty_group: z.int().min(1).max(100).nullable().default(null),
    /** Points for a correct answer (for a code question: the sum of its tests' points counts). */
    points: points.default(1),
    /** Taken off for a wrong answer. */
    penalty_points: points.default(0),
    /** Variant split: a student gets the questions of one variant group. */
    variant_group: z.int().min(1).max(100).nullable().default(null),
    hint: text(5000),
    feedback: text(5000),
    is_attachments_allowed: z.boolean().default(false),
    is_antiplagiarism: z.boolean().default(false),
  })
  .strict();
export type QuestionSettings = z.infer<typeof questionSettingsSchema>;

const question = z.string().trim().min(1, 'Введите текст вопроса').max(50_000);

export const textData = z.object({ content: z.string().max(200_000) }).strict();
export const mediaData = z
  .object({
    media_id: id.nullable().default(null),
    src: z.string().max(2048).nullable().default(null),
    media_type: z.enum(['image', 'video', 'audio', 'document']),
    caption: text(1000),
  })
  .strict()
  .refine((d) => d.media_id !== null || d.src !== null, {
    message: 'Выберите файл или укажите ссылку',
    path: ['media_id'],
  });
export const embedData = z.object({ url: z.url().max(2048), caption: text(1000) }).strict();

/** An essay: reviewed by the teacher. */
export const freeData = z.object({ question }).strict();
/** A short open answer: reviewed by the teacher, who may see a sample answer. */
export const openData = z.object({ question, sample_answer: text(50_000) }).strict();

const option = z.object({ id: localId, text: z.string().trim().min(1).max(5000) }).strict();
/** One or several right options among the offered ones. */
export const choiceData = z
  .object({
    question,
    options: z.array(option).min(2, 'Нужно не меньше двух вариантов').max(50),
    correct: z.array(localId).min(1, 'Отметьте правильный ответ').max(50),
    multiple: z.boolean().default(false),
  })
  .strict()
  .superRefine((d, ctx) => {
    uniqueIds(d.options, ['options'], ctx);
    const known = new Set(d.options.map((o) => o.id));
    d.correct.forEach((c, i) => {
      if (!known.has(c))
        ctx.addIssue({ code: 'custom', path: ['correct', i], message: 'Нет такого варианта' });
    });
    if (!d.multiple && new Set(d.correct).size > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['correct'],
        message: 'Один правильный ответ, если выбор не множественный',
      });
    }
  });

/** Gaps are written into the text as {{gap-id}}. */
export const GAP_PATTERN = /\{\{\s*([^{}\s]{1,64})\s*\}\}/g;
const gap = z
  .object({
    id: localId,
    answers: z.array(z.string().trim().min(1).max(1000)).min(1, 'Укажите правильный ответ').max(20),
    case_sensitive: z.boolean().default(false),
  })
  .strict();
export const fillSpaceData = z
  .object({ question, text: z.string().min(1).max(50_000), gaps: z.array(gap).min(1).max(100) })
  .strict()
  .superRefine((d, ctx) => {
    uniqueIds(d.gaps, ['gaps'], ctx);
    const written = [...d.text.matchAll(GAP_PATTERN)].map((m) => m[1]!);
    d.gaps.forEach((g, i) => {
      if (!written.includes(g.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['gaps', i, 'id'],
          message: `В тексте нет пропуска {{${g.id}}}`,
        });
      }
    });
    const declared = new Set(d.gaps.map((g) => g.id));
    for (const w of written) {
      if (!declared.has(w))
        ctx.addIssue({ code: 'custom', path: ['text'], message: `Пропуск {{${w}}} без ответа` });
    }
  });

const piece = z.object({ id: localId, text: z.string().trim().min(1).max(5000) }).strict();
/** Items are dragged onto targets; each item has one right target. */
export const dragAndDropData = z
  .object({
    question,
    items: z.array(piece).min(1).max(100),
    targets: z.array(piece).min(1).max(100),
    correct: z.record(localId, localId),
  })
  .strict()
  .superRefine((d, ctx) => {
    uniqueIds(d.items, ['items'], ctx);
    uniqueIds(d.targets, ['targets'], ctx);
    const targets = new Set(d.targets.map((t) => t.id));
    d.items.forEach((item) => {
      const target = d.correct[item.id];
      if (target === undefined) {
        ctx.addIssue({ code: 'custom', path: ['correct', item.id], message: 'Укажите место для элемента' });
      } else if (!targets.has(target)) {
        ctx.addIssue({ code: 'custom', path: ['correct', item.id], message: 'Нет такого места' });
      }
    });
    const items = new Set(d.items.map((i) => i.id));
    for (const key of Object.keys(d.correct)) {
      if (!items.has(key))
        ctx.addIssue({ code: 'custom', path: ['correct', key], message: 'Нет такого элемента' });
    }
  });

export const CODE_LANGUAGES = ['javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
/** The specification's limits: memory in bytes, not below 2048; time in ms, not above 15.0 s. */
export const CODE_LIMITS = {
  minMemoryBytes: 2048,
  maxMemoryBytes: 512 * 1024 * 1024,
  maxTimeMs: 15_000,
} as const;
export const codeTestSchema = z
  .object({
    input: z.string().max(100_000).default(''),
    expected_output: z.string().max(100_000),
    memory_limit: z
      .int()
      .min(CODE_LIMITS.minMemoryBytes, 'Не меньше 2048 байт')
      .max(CODE_LIMITS.maxMemoryBytes)
      .default(64 * 1024 * 1024),
    time_limit: z.int().min(1).max(CODE_LIMITS.maxTimeMs, 'Не больше 15 секунд').default(1000),
    points: points.default(1),
  })
  .strict();
export type CodeTest = z.infer<typeof codeTestSchema>;
export const codeData = z
  .object({
    question,
    languages: z.array(z.enum(CODE_LANGUAGES)).min(1, 'Выберите язык').max(CODE_LANGUAGES.length),
    tests: z.array(codeTestSchema).min(1, 'Добавьте хотя бы один тест').max(50),
    /** Starting source shown to the student, per language. */
    templates: z.partialRecord(z.enum(CODE_LANGUAGES), z.string().max(50_000)).default({}),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (new Set(d.languages).size !== d.languages.length) {
      ctx.addIssue({ code: 'custom', path: ['languages'], message: 'Языки повторяются' });
    }
  });

function uniqueIds(list: { id: string }[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.id))
      ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: 'Повторяющийся id' });
    seen.add(entry.id);
  });
}

const contentSettings = settings;
const variant = <T extends ComponentType, D extends z.ZodType, S extends z.ZodType>(type: T, data: D, s: S) =>
  z.object({ component_type: z.literal(type), data, settings: s });

/** A component's type, data and settings, checked together: the data must be of the type. */
export const componentContentSchema = z.discriminatedUnion('component_type', [
  variant('text', textData, contentSettings),
  variant('media', mediaData, contentSettings),
  variant('embed', embedData, contentSettings),
  variant('free', freeData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
  variant('open', openData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
  variant('choice', choiceData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
  variant('fill-space', fillSpaceData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
  variant('drag-and-drop', dragAndDropData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
  variant('code', codeData, questionSettingsSchema.default(questionSettingsSchema.parse({}))),
]);
export type ComponentContent = z.infer<typeof componentContentSchema>;

/** The most a component can score: a question's points, a code question's tests, nothing for content. */
export function componentMaxPoints(component: {
  component_type: string;
  data: unknown;
  settings: unknown;
}): number {
  if (!isQuestionType(component.component_type)) return 0;
  if (component.component_type === 'code') {
    const tests = (component.data as { tests?: { points?: number }[] } | null)?.tests ?? [];
    return tests.reduce((sum, t) => sum + (typeof t.points === 'number' ? t.points : 0), 0);
  }
  const p = (component.settings as { points?: unknown } | null)?.points;
  return typeof p === 'number' ? p : 0;
}

/** Checks type, data and settings of an object with those fields, reporting issues under their paths. */
export function checkComponentContent(
  value: { component_type?: unknown; data?: unknown; settings?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!(COMPONENT_TYPES as readonly unknown[]).includes(value.component_type)) return;
  const parsed = componentContentSchema.safeParse({
    component_type: value.component_type,
    data: value.data,
    settings: value.settings,
  });
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
  }
}

/** Answers as the assignments context stores them, one shape per question type. */
export const answerSchemas = {
  free: z.object({ text: z.string().max(200_000).default(''), attachments: z.array(id).max(20).default([]) }),
  open: z.object({ text: z.string().max(200_000).default(''), attachments: z.array(id).max(20).default([]) }),
  choice: z.object({ selected: z.array(localId).max(50) }),
  'fill-space': z.object({ gaps: z.record(localId, z.string().max(1000)) }),
  'drag-and-drop': z.object({ placements: z.record(localId, localId) }),
  code: z.object({ language: z.enum(CODE_LANGUAGES), source: z.string().max(200_000) }),
} as const satisfies Record<QuestionType, z.ZodType>;
export type Answer<T extends QuestionType> = z.infer<(typeof answerSchemas)[T]>;

/** The field schemas the authoring records share with the components (authoring.ts). */
export const authoringFieldSchemas = { id, name, text, image, color, position, settings, temporaryId, ids };
