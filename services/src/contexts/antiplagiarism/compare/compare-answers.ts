import { shingleHashes, winnow } from './fingerprints';
import { matchedFragments, type CharFragment } from './fragments';
import { tokenize, type Token } from './normalise';

/** Answers shorter than this many words are reported as too short to judge, never as copied. */
export const MIN_WORDS = 15;
/** Sources kept per answer, strongest first. */
export const MAX_SOURCES = 5;

export interface AnswerText {
  /** `<assignment>:<student>:<component>`. */
  key: string;
  assignmentId: string;
  studentId: string;
  componentId: string;
  kind: 'text' | 'code';
  text: string;
  /** ISO time of the student's last change to it. */
  answeredAt: string;
  /** Judged in this check (an answer of the checked assignment); the others are only sources. */
  checked: boolean;
}

export interface SourceMatch {
  key: string;
  similarity: number;
  fragments: CharFragment[];
}

export interface AnswerVerdict {
  key: string;
  words: number;
  verdict: 'checked' | 'too_short';
  originality: number | null;
  sources: SourceMatch[];
}

interface Prepared {
  answer: AnswerText;
  tokens: Token[];
  hashes: number[];
  fingerprints: Set<number>;
}

/**
 * Judges every checked answer against every other answer of the same kind (text with text, code with
 * code) written by another student: originality is the share of its fingerprints found in none of
 * them; each source's similarity the share found in that source. Fingerprints of a question's own
 * text (`ignored`, by component) count for nothing: quoting the question is not copying. Pure.
 */
export function compareAnswers(
  answers: readonly AnswerText[],
  ignored: ReadonlyMap<string, ReadonlySet<number>> = new Map(),
): AnswerVerdict[] {
  const prepared: Prepared[] = answers.map((answer) => {
    const tokens = tokenize(answer.text);
    const hashes = shingleHashes(tokens);
    const skip = ignored.get(answer.componentId);
    const fingerprints = new Set([...winnow(hashes)].filter((h) => !skip?.has(h)));
    return { answer, tokens, hashes, fingerprints };
  });
  const holders = new Map<number, Prepared[]>();
  for (const p of prepared) {
    for (const fp of p.fingerprints) {
      const list = holders.get(fp) ?? [];
      list.push(p);
      holders.set(fp, list);
    }
  }
  return prepared.filter((p) => p.answer.checked).map((p) => judge(p, holders));
}

function judge(p: Prepared, holders: ReadonlyMap<number, Prepared[]>): AnswerVerdict {
  const { answer } = p;
  const words = p.tokens.length;
  if (words < MIN_WORDS) {
    return { key: answer.key, words, verdict: 'too_short', originality: null, sources: [] };
  }
  const total = p.fingerprints.size;
  let matched = 0;
  const shared = new Map<Prepared, number>();
  for (const fp of p.fingerprints) {
    const others = (holders.get(fp) ?? []).filter(
      (o) => o.answer.kind === answer.kind && o.answer.studentId !== answer.studentId,
    );
    if (others.length > 0) matched++;
    for (const o of others) shared.set(o, (shared.get(o) ?? 0) + 1);
  }
  const sources = [...shared.entries()]
    .sort((x, y) => y[1] - x[1] || x[0].answer.key.localeCompare(y[0].answer.key))
    .slice(0, MAX_SOURCES)
    .map(([source, count]) => ({
      key: source.answer.key,
      similarity: percent(count, total),
      fragments: matchedFragments(p, source),
    }));
  const originality = total === 0 ? 100 : percent(total - matched, total);
  return { key: answer.key, words, verdict: 'checked', originality, sources };
}

/** Per cent with one decimal. */
function percent(part: number, whole: number): number {
  return Math.round((1000 * part) / whole) / 10;
}

/** Every shingle of a question's text, so that answers quoting it are not matched on it. */
export function questionShingles(text: string): Set<number> {
  return new Set(shingleHashes(tokenize(text)));
}
