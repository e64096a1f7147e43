import { describe, expect, it, vi } from 'vitest';
import type { CodeRunReport, RunCode } from './code-types';
import { gradeAnswer } from './grade-answer';

const settings = { points: 4, penalty_points: 1 };

const choice = (multiple: boolean, correct: string[]) => ({
  component_type: 'choice',
  data: {
    question: 'Столица Казахстана?',
    options: [
      { id: 'a', text: 'Астана' },
      { id: 'b', text: 'Алматы' },
      { id: 'c', text: 'Шымкент' },
    ],
    correct,
    multiple,
  },
  settings,
});

describe('free and open answers wait for the teacher', () => {
  for (const type of ['free', 'open']) {
    it(`${type}: text or a file is answered (1), blank is undefined (0)`, async () => {
      const component = { component_type: type, data: { question: 'Опишите' }, settings };
      expect(await gradeAnswer(component, { text: 'Мой ответ' })).toEqual({ result: 1, points: 0 });
      expect(await gradeAnswer(component, { text: '', attachments: ['media-1'] })).toEqual({
        result: 1,
        points: 0,
      });
      expect(await gradeAnswer(component, { text: '   ' })).toEqual({ result: 0, points: 0 });
      expect(await gradeAnswer(component, undefined)).toEqual({ result: 0, points: 0 });
    });
  }
});

describe('choice', () => {
  it('one right option: right earns the points, wrong costs the penalty', async () => {
    const q = choice(false, ['a']);
    expect(await gradeAnswer(q, { selected: ['a'] })).toEqual({ result: 3, points: 4 });
    expect(await gradeAnswer(q, { selected: ['b'] })).toEqual({ result: 2, points: -1 });
    expect(await gradeAnswer(q, { selected: [] })).toEqual({ result: 0, points: 0 });
  });

  it('several right options must all be chosen, and nothing else', async () => {
    const q = choice(true, ['a', 'b']);
    expect(await gradeAnswer(q, { selected: ['b', 'a'] })).toEqual({ result: 3, points: 4 });
    expect(await gradeAnswer(q, { selected: ['a'] })).toEqual({ result: 2, points: -1 });
    expect(await gradeAnswer(q, { selected: ['a', 'b', 'c'] })).toEqual({ result: 2, points: -1 });
  });

  it('settings left out mean 1 point and no penalty', async () => {
    const q = { ...choice(false, ['a']), settings: {} };
    expect(await gradeAnswer(q, { selected: ['a'] })).toEqual({ result: 3, points: 1 });
    expect(await gradeAnswer(q, { selected: ['c'] })).toEqual({ result: 2, points: 0 });
  });

  it('an answer of the wrong shape counts as not answered', async () => {
    expect(await gradeAnswer(choice(false, ['a']), { text: 'a' })).toEqual({ result: 0, points: 0 });
    expect(await gradeAnswer(choice(false, ['a']), 'a')).toEqual({ result: 0, points: 0 });
  });
});

describe('fill-space', () => {
  const q = {
    component_type: 'fill-space',
    data: {
      question: 'Заполните пропуски',
      text: 'Столица Казахстана — {{capital}}, крупнейший город — {{city}}.',
      gaps: [
        { id: 'capital', answers: ['Астана', 'Нур-Султан'] },
        { id: 'city', answers: ['Алматы'], case_sensitive: true },
      ],
    },
    settings,
  };

  it('every gap must hold an accepted answer; spacing and case (unless required) do not matter', async () => {
    expect(await gradeAnswer(q, { gaps: { capital: '  астана ', city: 'Алматы' } })).toEqual({
      result: 3,
      points: 4,
    });
    expect(await gradeAnswer(q, { gaps: { capital: 'Нур-Султан', city: 'Алматы' } })).toEqual({
      result: 3,
      points: 4,
    });
    expect(await gradeAnswer(q, { gaps: { capital: 'Астана', city: 'алматы' } })).toEqual({
      result: 2,
      points: -1,
    });
    expect(await gradeAnswer(q, { gaps: { capital: 'Астана' } })).toEqual({ result: 2, points: -1 });
    expect(await gradeAnswer(q, { gaps: { capital: ' ', city: '' } })).toEqual({ result: 0, points: 0 });
  });
});

describe('drag-and-drop', () => {
  const q = {
    component_type: 'drag-and-drop',
    data: {
      question: 'Сопоставьте',
      items: [
        { id: 'h2o', text: 'H₂O' },
        { id: 'nacl', text: 'NaCl' },
      ],
      targets: [
        { id: 'water', text: 'Вода' },
        { id: 'salt', text: 'Соль' },
      ],
      correct: { h2o: 'water', nacl: 'salt' },
    },
    settings,
  };

  it('every item must lie on its target', async () => {
    expect(await gradeAnswer(q, { placements: { h2o: 'water', nacl: 'salt' } })).toEqual({
      result: 3,
      points: 4,
    });
    expect(await gradeAnswer(q, { placements: { h2o: 'salt', nacl: 'water' } })).toEqual({
      result: 2,
      points: -1,
    });
    expect(await gradeAnswer(q, { placements: { h2o: 'water' } })).toEqual({ result: 2, points: -1 });
    expect(await gradeAnswer(q, { placements: { other: 'water' } })).toEqual({ result: 0, points: 0 });
  });
});

describe('code', () => {
  const tests = [
    { input: '1 2', expected_output: '3', memory_limit: 65536, time_limit: 1000, points: 2 },
    { input: '5 5', expected_output: '10', memory_limit: 65536, time_limit: 1000, points: 3 },
  ];
  const q = {
    component_type: 'code',
    data: { question: 'Сложите два числа', languages: ['javascript', 'python'], tests },
    settings: { penalty_points: 1 },
  };
  const answer = { language: 'python', source: 'print(sum(map(int, input().split())))' };
  const runnerSaying = (report: CodeRunReport) => vi.fn<RunCode>(async () => report);

  it('hands the source and the tests to the runner; accepted earns the tests’ points', async () => {
    const report: CodeRunReport = {
      verdict: 'accepted',
      points: 5,
      tests: [
        { verdict: 'accepted', points: 2, time_ms: 12, stdout: '', stderr: '' },
        { verdict: 'accepted', points: 3, time_ms: 11, stdout: '', stderr: '' },
      ],
    };
    const runCode = runnerSaying(report);
    expect(await gradeAnswer(q, answer, { runCode })).toEqual({ result: 3, points: 5, report });
    expect(runCode).toHaveBeenCalledWith({ language: 'python', source: answer.source, tests });
  });

  it('differing output earns the passed tests’ points; nothing passed costs the penalty', async () => {
    const partly: CodeRunReport = {
      verdict: 'differs',
      points: 2,
      tests: [
        { verdict: 'accepted', points: 2, time_ms: 5, stdout: '', stderr: '' },
        { verdict: 'differs', points: 0, time_ms: 5, stdout: '', stderr: '' },
      ],
    };
    expect(await gradeAnswer(q, answer, { runCode: runnerSaying(partly) })).toMatchObject({
      result: 2,
      points: 2,
    });
    const failed: CodeRunReport = { verdict: 'error', points: 0, tests: [], message: 'SyntaxError' };
    expect(await gradeAnswer(q, answer, { runCode: runnerSaying(failed) })).toEqual({
      result: 2,
      points: -1,
      report: failed,
    });
  });

  it('a runner that claims more than the tests are worth is held to their sum', async () => {
    const boastful: CodeRunReport = { verdict: 'accepted', points: 50, tests: [] };
    expect(await gradeAnswer(q, answer, { runCode: runnerSaying(boastful) })).toMatchObject({ points: 5 });
  });

  it('a language the question does not allow is wrong without running', async () => {
    const only = { ...q, data: { ...q.data, languages: ['javascript'] } };
    const runCode = vi.fn<RunCode>();
    const grade = await gradeAnswer(only, answer, { runCode });
    expect(grade).toMatchObject({ result: 2, points: -1, report: { verdict: 'error' } });
    expect(runCode).not.toHaveBeenCalled();
  });

  it('no runner, or a runner that fails, leaves the answer to the teacher', async () => {
    expect(await gradeAnswer(q, answer)).toEqual({ result: 1, points: 0 });
    const broken = vi.fn<RunCode>(async () => {
      throw new Error('sandbox unavailable');
    });
    expect(await gradeAnswer(q, answer, { runCode: broken })).toEqual({ result: 1, points: 0 });
  });

  it('blank source is not an answer', async () => {
    expect(await gradeAnswer(q, { language: 'python', source: '  ' })).toEqual({ result: 0, points: 0 });
  });
});

describe('content components', () => {
  it('are not graded', async () => {
    await expect(
      gradeAnswer({ component_type: 'text', data: { content: 'x' }, settings: {} }, {}),
    ).rejects.toThrow(/not a question/);
  });
});
