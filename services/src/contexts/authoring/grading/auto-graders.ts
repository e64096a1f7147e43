import type { Answer, ComponentContent } from '@sabaq/events';
import { GAP_PATTERN } from '@sabaq/events';
import { needsReview, notAnswered, right, wrong, type Grade } from './result-codes';

type Of<T extends ComponentContent['component_type']> = Extract<ComponentContent, { component_type: T }>;
type Settings = { points: number; penalty_points: number };

const verdict = (correct: boolean, settings: Settings): Grade =>
  correct ? right(settings.points) : wrong(settings.penalty_points);

/** Essays and open answers are read by the teacher: an answer with text or a file waits for review. */
export function gradeReviewed(answer: Answer<'free'>): Grade {
  return answer.text.trim() || answer.attachments.length ? needsReview : notAnswered;
}

/** Right when exactly the right options are chosen, no more and no fewer. */
export function gradeChoice(question: Of<'choice'>, answer: Answer<'choice'>): Grade {
  const chosen = new Set(answer.selected);
  if (chosen.size === 0) return notAnswered;
  const correct = new Set(question.data.correct);
  const exact = chosen.size === correct.size && [...chosen].every((id) => correct.has(id));
  return verdict(exact, question.settings);
}

/** Spacing and (unless the gap says otherwise) letter case do not matter. */
const normalise = (text: string, caseSensitive: boolean) => {
  const spaced = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? spaced : spaced.toLocaleLowerCase('ru');
};

/** Right when every gap holds one of its accepted answers; all gaps blank is no answer. */
export function gradeFillSpace(question: Of<'fill-space'>, answer: Answer<'fill-space'>): Grade {
  const filled = question.data.gaps.map((gap) => answer.gaps[gap.id] ?? '');
  if (filled.every((text) => text.trim() === '')) return notAnswered;
  const allRight = question.data.gaps.every((gap, i) =>
    gap.answers.some(
      (accepted) => normalise(accepted, gap.case_sensitive) === normalise(filled[i]!, gap.case_sensitive),
    ),
  );
  return verdict(allRight, question.settings);
}

/** Right when every item lies on its target. Unknown items in the answer are ignored. */
export function gradeDragAndDrop(question: Of<'drag-and-drop'>, answer: Answer<'drag-and-drop'>): Grade {
  const placed = question.data.items.filter((item) => answer.placements[item.id] !== undefined);
  if (placed.length === 0) return notAnswered;
  const allRight = question.data.items.every(
    (item) => answer.placements[item.id] === question.data.correct[item.id],
  );
  return verdict(allRight, question.settings);
}

/** The gap ids in the order the text shows them (for the student's screen and for reports). */
export function gapOrder(question: Of<'fill-space'>): string[] {
  return [...question.data.text.matchAll(GAP_PATTERN)].map((m) => m[1]!);
}
