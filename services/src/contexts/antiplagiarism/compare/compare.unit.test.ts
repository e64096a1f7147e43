import { describe, expect, it } from 'vitest';
import { compareAnswers, questionShingles, type AnswerText } from './compare-answers';
import { hashWords, shingleHashes, winnow, WINDOW } from './fingerprints';
import { matchedFragments } from './fragments';
import { normaliseWord, tokenize } from './normalise';

const RU_ORIGINAL =
  'Лев Толстой в романе «Война и мир» показывает, что историю делают не отдельные великие люди, а ' +
  'миллионы простых людей, каждый из которых живёт своей жизнью. Наполеон уверен, что управляет ' +
  'событиями, но автор смеётся над этой уверенностью. Кутузов, напротив, понимает ход вещей и не ' +
  'мешает ему, поэтому он и оказывается мудрее своего противника.';
// The same paragraph with small edits: a word changed, one added, punctuation and case changed.
const RU_COPIED =
  'Я считаю так. Лев Толстой в своём романе "Война и мир" показывает что историю делают НЕ отдельные ' +
  'великие люди, а миллионы простых людей, каждый из которых живет своей жизнью. Наполеон убеждён, что ' +
  'управляет событиями, но автор смеётся над этой уверенностью. Кутузов напротив понимает ход вещей и ' +
  'не мешает ему, поэтому он и оказывается мудрее своего противника.';
const RU_OTHER =
  'Мне кажется, главная мысль произведения связана с семьёй. Ростовы живут открыто и щедро, принимают ' +
  'гостей, любят детей и прощают им ошибки. Болконские строже, у них порядок и долг стоят выше чувств. ' +
  'Наташа и Андрей принадлежат разным мирам, и их история объясняет, почему эти миры трудно соединить.';
const EN_ORIGINAL =
  'Photosynthesis is the process by which green plants use sunlight to turn water and carbon dioxide ' +
  'into glucose and oxygen. It takes place in the chloroplasts, where chlorophyll absorbs light energy ' +
  'and drives the reactions that store this energy in chemical bonds.';
const EN_COPIED =
  'As we learned, photosynthesis is the process by which green plants use the sunlight to turn water ' +
  'and carbon dioxide into glucose and oxygen; it happens in the chloroplasts, where chlorophyll absorbs ' +
  'light energy and drives the reactions that store this energy in chemical bonds.';
const EN_OTHER =
  'Volcanoes form where magma rises through cracks in the crust of the earth. Some erupt violently and ' +
  'throw ash high into the sky, while others let lava flow slowly down their sides for many years.';

const answer = (key: string, studentId: string, text: string, checked = true): AnswerText => ({
  key,
  assignmentId: 'a1',
  studentId,
  componentId: 'q1',
  kind: 'text',
  text,
  answeredAt: '2026-11-20T10:00:00.000Z',
  checked,
});

describe('normalisation', () => {
  it('lower-cases, reads ё as е, drops punctuation and keeps character ranges', () => {
    const tokens = tokenize('Ёжик, «ЁЛКА»! Hello—World 42');
    expect(tokens.map((t) => t.word)).toEqual(['ежик', 'елка', 'hello', 'world', '42']);
    expect(tokens[1]).toMatchObject({ start: 7, end: 11 });
  });
  it('reads Latin look-alikes inside a Cyrillic word as Cyrillic', () => {
    expect(normaliseWord('тeкст')).toBe('текст'); // a Latin e
    expect(normaliseWord('text')).toBe('text');
  });
});

describe('shingles and winnowing', () => {
  it('hashes five words per shingle, the same words to the same hash', () => {
    const hashes = shingleHashes(tokenize('один два три четыре пять шесть'));
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(hashWords(['один', 'два', 'три', 'четыре', 'пять']));
  });
  it('keeps the smallest hash of every window, so a text keeps fewer fingerprints than shingles', () => {
    const hashes = shingleHashes(tokenize(RU_ORIGINAL));
    const fingerprints = winnow(hashes);
    expect(fingerprints.size).toBeGreaterThan(0);
    expect(fingerprints.size).toBeLessThan(hashes.length);
    for (let start = 0; start + WINDOW <= hashes.length; start++) {
      const window = hashes.slice(start, start + WINDOW);
      expect(fingerprints.has(Math.min(...window))).toBe(true);
    }
  });
});

describe('compareAnswers', () => {
  it('finds a Russian paragraph copied with small edits, and its source', () => {
    const [copied, original, other] = compareAnswers([
      answer('c', 's2', RU_COPIED),
      answer('o', 's1', RU_ORIGINAL),
      answer('x', 's3', RU_OTHER),
    ]);
    expect(copied!.verdict).toBe('checked');
    expect(copied!.originality).toBeLessThan(40);
    expect(copied!.sources[0]!.key).toBe('o');
    expect(copied!.sources[0]!.similarity).toBeGreaterThan(60);
    expect(original!.sources[0]!.key).toBe('c');
    expect(other!.originality).toBe(100);
    expect(other!.sources).toEqual([]);
  });

  it('finds an English paragraph copied with small edits; an original English text is 100 %', () => {
    const [copied, , other] = compareAnswers([
      answer('c', 's2', EN_COPIED),
      answer('o', 's1', EN_ORIGINAL),
      answer('x', 's3', EN_OTHER),
    ]);
    expect(copied!.originality).toBeLessThan(40);
    expect(copied!.sources[0]).toMatchObject({ key: 'o' });
    expect(other!.originality).toBe(100);
  });

  it('reports a short answer as too short, never as copied', () => {
    const [short] = compareAnswers([
      answer('s', 's2', 'Лев Толстой в романе «Война и мир» показывает'),
      answer('o', 's1', RU_ORIGINAL),
    ]);
    expect(short).toMatchObject({ verdict: 'too_short', originality: null, sources: [] });
  });

  it('does not hold a student against their own answers, nor text against code', () => {
    const code = { ...answer('k', 's9', RU_ORIGINAL), kind: 'code' as const };
    const [mine] = compareAnswers([answer('m1', 's1', RU_ORIGINAL), answer('m2', 's1', RU_ORIGINAL), code]);
    expect(mine!.originality).toBe(100);
  });

  it('finds a copied program re-indented and with its comments changed', () => {
    const program = [
      'function sumOfSquares(numbers) {',
      '  let total = 0;',
      '  for (const n of numbers) {',
      '    if (n % 2 === 0) total += n * n;',
      '  }',
      '  return total;',
      '}',
      'console.log(sumOfSquares([1, 2, 3, 4]));',
    ].join('\n');
    const copied = `// my solution\n${program.replace(/\n {2}/g, '\n\t')}\n// end`;
    const code = (key: string, studentId: string, text: string) => ({
      ...answer(key, studentId, text),
      kind: 'code' as const,
    });
    const [verdict] = compareAnswers([code('c', 's2', copied), code('o', 's1', program)]);
    expect(verdict!.originality).toBeLessThan(20);
    expect(verdict!.sources[0]!.key).toBe('o');
  });

  it('judges only the checked answers; the others are sources', () => {
    const verdicts = compareAnswers([answer('c', 's2', RU_COPIED), answer('o', 's1', RU_ORIGINAL, false)]);
    expect(verdicts.map((v) => v.key)).toEqual(['c']);
    expect(verdicts[0]!.sources[0]!.key).toBe('o');
  });

  it('ignores the words of the question itself', () => {
    const question =
      'Объясните, почему Лев Толстой в романе «Война и мир» показывает, что историю делают не отдельные великие люди';
    const quoteA = `${question.slice(11)}. Потому что так устроен мир, и каждый человек вносит свой вклад в общее дело.`;
    const quoteB = `${question.slice(11)}. Я думаю, он хотел сказать о том, что народ сильнее любого полководца.`;
    const [a] = compareAnswers(
      [answer('a', 's1', quoteA), answer('b', 's2', quoteB)],
      new Map([['q1', questionShingles(question)]]),
    );
    expect(a!.originality).toBe(100);
  });
});

describe('matched fragments', () => {
  it('gives character ranges of both texts, merged across a small edit', () => {
    const prep = (text: string) => {
      const tokens = tokenize(text);
      return { tokens, hashes: shingleHashes(tokens) };
    };
    const fragments = matchedFragments(prep(RU_COPIED), prep(RU_ORIGINAL));
    // An edited word ("уверен" → "убеждён") and lost commas do not split the copy; the three words
    // before the added "своём" are too few for a shingle.
    expect(fragments).toHaveLength(1);
    const [f] = fragments;
    expect(RU_COPIED.slice(f!.start, f!.end)).toMatch(/^романе.*противника$/s);
    expect(RU_ORIGINAL.slice(f!.source_start, f!.source_end)).toMatch(/противника$/);
  });

  it('finds two separate borrowed passages as two fragments', () => {
    const filler =
      ' Здесь я пишу совсем иначе про погоду, про море, про горы, про долгие прогулки в лесу осенью и зимой. ';
    const a = RU_ORIGINAL.slice(0, 150) + filler + EN_ORIGINAL;
    const b = RU_ORIGINAL + ' ' + EN_ORIGINAL;
    const tokensA = tokenize(a);
    const tokensB = tokenize(b);
    const fragments = matchedFragments(
      { tokens: tokensA, hashes: shingleHashes(tokensA) },
      { tokens: tokensB, hashes: shingleHashes(tokensB) },
    );
    expect(fragments).toHaveLength(2);
    expect(a.slice(fragments[1]!.start, fragments[1]!.end)).toBe(EN_ORIGINAL.slice(0, -1));
  });
});
