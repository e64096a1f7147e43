import type { AssignmentComponent, AssignmentRecord } from '@sabaq/events';
import { isQuestionType } from '@sabaq/events';

/**
 * What one attempt shows, decided once when it starts (specification 000 §"Assignment":
 * component_settings.all shuffle, per_student, variant_split; is_random_assessment; the attempt's
 * `variant`) and stored in its AssignmentAttemptStarted event.
 */
export interface AttemptSelection {
  /** The variant group the attempt was given; null when the assignment is not split into variants. */
  variant: number | null;
  /** The assignment's component ids the attempt shows, in the order it shows them. */
  components: string[];
  /** Per question with options (choice options, drag-and-drop items): their ids in the order shown. */
  option_orders: Record<string, string[]>;
  /** The most the attempt can score: the points of its questions. */
  max_points: number;
}

/** A random number source in [0, 1): mulberry32 seeded with a 32-bit FNV-1a hash of the text. */
export function seededRandom(text: string): () => number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    seed ^= text.charCodeAt(i);
    seed = Math.imul(seed, 0x01000193);
  }
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

function groupOf(component: AssignmentComponent, key: 'variant_group' | 'difficulty_group'): number | null {
  const value = component.settings?.[key];
  return typeof value === 'number' ? value : null;
}

/** Any value but 'none' (or empty) splits; the assignment form's value is 'random'. */
export const splitsIntoVariants = (variantSplit: string | undefined): boolean =>
  variantSplit !== undefined && variantSplit !== '' && variantSplit !== 'none';

/**
 * N questions drawn evenly across the difficulty groups (questions without a group are a group of
 * their own): one from each group in turn, starting at a random group, each group's questions in a
 * random order, until N are drawn. Kept in the assignment's order (shuffling is a separate setting).
 */
function drawEvenly(
  questions: AssignmentComponent[],
  count: number,
  random: () => number,
): AssignmentComponent[] {
  const byGroup = new Map<number, AssignmentComponent[]>();
  for (const question of questions) {
    const key = groupOf(question, 'difficulty_group') ?? 0;
    byGroup.set(key, [...(byGroup.get(key) ?? []), question]);
  }
  const groups = [...byGroup.keys()].sort((a, b) => a - b).map((key) => shuffled(byGroup.get(key)!, random));
  const drawn = new Set<string>();
  let turn = Math.floor(random() * groups.length);
  while (drawn.size < count) {
    const group = groups[turn % groups.length]!;
    const next = group.shift();
    if (next) drawn.add(next.id);
    turn += 1;
  }
  return questions.filter((q) => drawn.has(q.id));
}

/**
 * The attempt's selection, pure: the randomness is seeded from the attempt id, one source per decision,
 * so replaying the start decides the same and turning one setting on does not change another's draw.
 *
 * 1. `is_random_assessment`: of the lessons and quizzes the assignment was made from, the attempt is
 *    given one (its content and questions); with one of them it has no effect.
 * 2. `variant_split`: the attempt is given one of the questions' variant groups; questions without a
 *    variant group are in every variant.
 * 3. `per_student` N > 0: N of the remaining questions, drawn evenly across difficulty groups.
 * 4. `shuffle`: the questions change places among the places questions hold (content blocks stay where
 *    they are), and choice options and drag-and-drop items are shuffled.
 */
export function selectForAttempt(record: AssignmentRecord, attemptId: string): AttemptSelection {
  const settings = record.settings.component_settings?.all;
  const random = (purpose: string) => seededRandom(`${attemptId}:${purpose}`);
  let pool = [...record.components].sort((a, b) => a.position - b.position);

  if (record.is_random_assessment) {
    const assessments = unique(pool.map((c) => c.assessment_id));
    if (assessments.length > 1) {
      const chosen = pick(assessments, random('assessment'));
      pool = pool.filter((c) => c.assessment_id === chosen);
    }
  }

  let questions = pool.filter((c) => isQuestionType(c.type));
  let variant: number | null = null;
  if (splitsIntoVariants(settings?.variant_split)) {
    const groups = unique(questions.map((q) => groupOf(q, 'variant_group')).filter((g) => g !== null)).sort(
      (a, b) => a - b,
    );
    if (groups.length > 0) {
      const chosen = pick(groups, random('variant'));
      variant = chosen;
      questions = questions.filter((q) => {
        const group = groupOf(q, 'variant_group');
        return group === null || group === chosen;
      });
    }
  }

  const perStudent = settings?.per_student ?? 0;
  if (perStudent > 0 && perStudent < questions.length) {
    questions = drawEvenly(questions, perStudent, random('draw'));
  }

  const shuffle = settings?.shuffle === true;
  const chosen = new Set(questions.map((q) => q.id));
  const order = shuffle ? shuffled(questions, random('order')) : questions;
  let next = 0;
  const components = pool
    .filter((c) => !isQuestionType(c.type) || chosen.has(c.id))
    .map((c) => (isQuestionType(c.type) ? order[next++]!.id : c.id));

  const option_orders: Record<string, string[]> = {};
  if (shuffle) {
    for (const question of questions) {
      const options = optionIds(question);
      if (options.length > 1)
        option_orders[question.id] = shuffled(options, random(`options:${question.id}`));
    }
  }
  const max_points = questions.reduce((sum, q) => sum + q.points, 0);
  return { variant, components, option_orders, max_points };
}

/** The ids of what a question offers to choose or place: choice options, drag-and-drop items. */
function optionIds(question: AssignmentComponent): string[] {
  const list =
    question.type === 'choice'
      ? question.data.options
      : question.type === 'drag-and-drop'
        ? question.data.items
        : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (entry as { id?: unknown }).id)
    .filter((value): value is string => typeof value === 'string');
}
