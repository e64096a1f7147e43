/**
 * The code runner's verdicts, points and throughput with real interpreters in real sandboxes.
 * Hostile programs are in sandbox-containment.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/errors';
import { findRuntime, type CodeLanguage } from './languages';
import { SandboxPool } from './pool';
import { codeRunnerIsolation, runCode, type CodeTest, type RunCodeOptions } from './run-code';

const isolation = await codeRunnerIsolation();
console.log(`code runner sandbox: ${isolation.mode}${isolation.reason ? ` (${isolation.reason})` : ''}`);
const python = findRuntime('python') !== null;
if (!python) console.log('skipped: python tests, no python3 executable by other users on this machine');

const test = (input: string, expected_output: string, more: Partial<CodeTest> = {}): CodeTest => ({
  input,
  expected_output,
  memory_limit: 128 * 2 ** 20,
  time_limit: 5000,
  points: 1,
  ...more,
});

/** Each language: a program summing two numbers from stdin, and programs failing in each way. */
const programs: Record<CodeLanguage, Record<'sum' | 'wrong' | 'crash' | 'syntax', string>> = {
  javascript: {
    sum: [
      "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);",
      'console.log(a + b);',
    ].join('\n'),
    wrong: "require('fs').readFileSync(0, 'utf8'); console.log(-1);",
    crash: 'const x = null;\nconsole.log(x.length);',
    syntax: 'console.log((1 + 2);',
  },
  python: {
    sum: 'a, b = map(int, input().split())\nprint(a + b)',
    wrong: 'input()\nprint(-1)',
    crash: 'print(1 // 0)',
    syntax: 'print((1 + 2)\nif True\n  pass',
  },
};

for (const language of ['javascript', 'python'] as const) {
  describe.skipIf(language === 'python' && !python)(`${language} verdicts`, { concurrent: true }, () => {
    it('accepts a program whose output matches, reading the test input from stdin', async () => {
      const report = await runCode({
        language,
        source: programs[language].sum,
        tests: [test('2 3\n', '5\n'), test('40 2', '42'), test('-7 7\n', '0\n\n')],
      });
      expect(report.verdict).toBe('accepted');
      expect(report.points).toBe(3);
      expect(report.tests.map((t) => [t.verdict, t.stdout])).toEqual([
        ['accepted', '5\n'],
        ['accepted', '42\n'],
        ['accepted', '0\n'],
      ]);
      for (const t of report.tests) expect(t.time_ms).toBeGreaterThan(0);
    });

    it('says the results differ when the program prints something else', async () => {
      const report = await runCode({ language, source: programs[language].wrong, tests: [test('1 2', '3')] });
      expect(report).toMatchObject({ verdict: 'differs', points: 0 });
      expect(report.tests[0]).toMatchObject({ verdict: 'differs', stdout: '-1\n' });
      expect(report.tests[0]?.reason).toBeUndefined();
    });

    it('reports a runtime error with the interpreter’s message', async () => {
      const report = await runCode({ language, source: programs[language].crash, tests: [test('', '0')] });
      expect(report.verdict).toBe('error');
      expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'runtime', points: 0 });
      expect(report.tests[0]?.stderr).toMatch(language === 'python' ? /ZeroDivisionError/ : /TypeError/);
    });

    it('reports a syntax error as a compile error for every test, without running them', async () => {
      const report = await runCode({
        language,
        source: programs[language].syntax,
        tests: [test('1 2', '3'), test('2 2', '4')],
      });
      expect(report.verdict).toBe('error');
      expect(report.tests).toHaveLength(2);
      for (const t of report.tests) {
        expect(t).toMatchObject({ verdict: 'error', reason: 'compile', points: 0, time_ms: 0 });
        expect(t.stderr).toMatch(/SyntaxError/);
      }
    });
  });
}

describe.skipIf(!python)('points and the overall verdict', () => {
  it('sums the points of the accepted tests only; a failed test makes the whole run differ', async () => {
    const report = await runCode({
      language: 'python',
      source: programs.python.sum,
      tests: [
        test('1 1', '2', { points: 2 }),
        test('1 2', '3', { points: 3 }),
        test('2 2', '5', { points: 5 }),
      ],
    });
    expect(report.verdict).toBe('differs');
    expect(report.points).toBe(5);
    expect(report.tests.map((t) => t.points)).toEqual([2, 3, 0]);
  });

  it('calls the run an error when any test errs, even if the others differ or pass', async () => {
    const source = 'n = int(input())\nprint(10 // n)';
    const report = await runCode({
      language: 'python',
      source,
      tests: [test('5', '2', { points: 4 }), test('3', '4'), test('0', '0')],
    });
    expect(report.verdict).toBe('error');
    expect(report.points).toBe(4);
    expect(report.tests.map((t) => t.verdict)).toEqual(['accepted', 'differs', 'error']);
  });
});

describe('many submissions at once', () => {
  it('runs 20 concurrent submissions through a pool of 2, each with its own correct result', async () => {
    const pool = new SandboxPool({ size: 2 });
    let busiest = 0;
    const sampler = setInterval(() => (busiest = Math.max(busiest, pool.load.running)), 5);
    const languages: CodeLanguage[] = python ? ['python', 'javascript'] : ['javascript'];
    try {
      const reports = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const language = languages[i % languages.length]!;
          return runCode(
            { language, source: programs[language].sum, tests: [test(`${i} ${i * 1000}`, String(i * 1001))] },
            { pool },
          );
        }),
      );
      reports.forEach((report, i) => {
        expect(report.verdict, `submission ${i}`).toBe('accepted');
        expect(report.tests[0]?.stdout).toBe(`${i * 1001}\n`);
      });
    } finally {
      clearInterval(sampler);
    }
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(2);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses runs beyond the queue with 429 instead of holding them', async () => {
    const pool = new SandboxPool({ size: 1, maxQueue: 1 });
    const submission = {
      language: 'javascript' as const,
      source: programs.javascript.sum,
      tests: [test('1 1', '2')],
    };
    const results = await Promise.allSettled([1, 2, 3].map(() => runCode(submission, { pool })));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ httpStatus: 429 });
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { verdict: 'accepted' } });
  });
});

describe('refusals before anything runs', () => {
  it('reports a language that is not installed as unavailable (422 on the language field)', async () => {
    const error = await runCode(
      { language: 'python', source: programs.python.sum, tests: [test('1 2', '3')] },
      { interpreters: { python: null } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      httpStatus: 422,
      errors: { language: [expect.stringMatching(/недоступен/)] },
    });
  });

  it('refuses limits outside the specification with errors per field', async () => {
    const error = await runCode({
      language: 'javascript',
      source: 'console.log(1)',
      tests: [test('', '1', { memory_limit: 1024, time_limit: 15_001, points: -1 })],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      httpStatus: 422,
      errors: {
        'tests.0.memory_limit': [expect.stringMatching(/2048/)],
        'tests.0.time_limit': [expect.stringMatching(/15000/)],
        'tests.0.points': [expect.any(String)],
      },
    });
  });

  it('refuses an unknown language, an empty source and a run without tests', async () => {
    const error = await runCode({ language: 'cobol' as CodeLanguage, source: ' ', tests: [] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      httpStatus: 422,
      errors: { language: [expect.any(String)], source: [expect.any(String)], tests: [expect.any(String)] },
    });
  });

  it('accepts the extreme limits the specification allows: 15,000 ms', async () => {
    const report = await runCode({
      language: 'javascript',
      source: 'console.log(7)',
      tests: [test('', '7', { time_limit: 15_000 })],
    });
    expect(report.verdict).toBe('accepted');
  });
});

describe.skipIf(isolation.mode !== 'namespaces')(
  'the weaker rlimits sandbox (where namespaces are refused)',
  () => {
    const options: RunCodeOptions = { isolation: 'rlimits' };
    it('still judges, and still stops a loop at the time limit and a hog at the memory limit', async () => {
      const languages: CodeLanguage[] = python ? ['javascript', 'python'] : ['javascript'];
      for (const language of languages) {
        const ok = await runCode(
          { language, source: programs[language].sum, tests: [test('1 2', '3')] },
          options,
        );
        expect(ok.verdict, language).toBe('accepted');
      }
      const loop = await runCode(
        { language: 'javascript', source: 'for (;;) {}', tests: [test('', '', { time_limit: 500 })] },
        options,
      );
      expect(loop.tests[0]).toMatchObject({ verdict: 'error', reason: 'timeout' });
      const hog = await runCode(
        {
          language: 'javascript',
          source: 'const a = []; for (;;) a.push(new Array(1e5).fill(1.5));',
          tests: [test('', '', { memory_limit: 96 * 2 ** 20 })],
        },
        options,
      );
      expect(hog.tests[0]).toMatchObject({ verdict: 'error', reason: 'memory' });
    });

    it.skipIf(!python)(
      'gives the program no inherited descriptors or environment, and a user of its own',
      async () => {
        const pool = new SandboxPool({ size: 1 });
        const source = [
          'import os',
          'print(sorted(os.environ), sorted(int(fd) for fd in os.listdir("/proc/self/fd")), os.getuid())',
        ].join('\n');
        const report = await runCode(
          { language: 'python', source, tests: [test('', '')] },
          { ...options, pool },
        );
        expect(report.tests[0]?.stdout).toBe(`['HOME', 'LANG', 'PATH'] [0, 1, 2, 3] ${pool.uidOf(0)}\n`);
      },
    );
  },
);
