/**
 * `npm run bench -- code-runner`: the cost of the code runner's sandbox. A submission is a syntax check
 * and one test of a program summing two numbers from stdin, per language:
 * - `<language>_submission_p50_ms`: one submission at a time (check + run, each in its own sandbox),
 *   against the same two interpreter starts spawned bare (no namespaces, no limits, no user switch);
 * - `<language>_submissions_per_s`: BENCH_SUBMISSIONS submissions at once through the shared pool
 *   (one slot per CPU), against the bare spawns at the same concurrency.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findRuntime, type CodeLanguage } from '../../services/src/contexts/authoring/code-runner/languages';
import { codeRunnerIsolation, runCode } from '../../services/src/contexts/authoring/code-runner/run-code';
import { hostInfo } from './host';
import { percentile, record, type Figure } from './record';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 40);
const CONCURRENCY = os.availableParallelism();

const SOURCES: Record<CodeLanguage, string> = {
  javascript:
    "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number);\nconsole.log(a + b);",
  python: 'a, b = map(int, input().split())\nprint(a + b)',
};

async function sandboxed(language: CodeLanguage): Promise<void> {
  const report = await runCode({
    language,
    source: SOURCES[language],
    tests: [
      { input: '20 22\n', expected_output: '42', memory_limit: 128 * 2 ** 20, time_limit: 5000, points: 1 },
    ],
  });
  if (report.verdict !== 'accepted') throw new Error(`${language}: ${JSON.stringify(report)}`);
}

/** The same work without a sandbox: the interpreter's check, then the program with the input piped in. */
async function bare(language: CodeLanguage, dir: string): Promise<void> {
  const runtime = findRuntime(language)!;
  const file = runtime.fileName;
  await run(runtime.interpreter, runtime.checkArgs(), dir, '');
  const output = await run(runtime.interpreter, runtime.runArgs(dir, 128 * 2 ** 20), dir, '20 22\n');
  if (output.trim() !== '42') throw new Error(`${language} bare ${file}: ${output}`);
}

function run(command: string, args: string[], cwd: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: {}, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}`))));
    child.stdin.end(input);
  });
}

async function latencies(work: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/** Submissions per second with at most `limit` in flight (the pool does this for the sandboxed runs). */
async function throughput(work: () => Promise<void>, limit: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next++ < SUBMISSIONS) await work();
    }),
  );
  return SUBMISSIONS / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const isolation = await codeRunnerIsolation();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-code-'));
  const figures: Figure[] = [];
  try {
    for (const language of ['javascript', 'python'] as const) {
      if (!findRuntime(language)) {
        console.error(`skipped: ${language} is not installed`);
        continue;
      }
      await writeFile(path.join(dir, findRuntime(language)!.fileName), SOURCES[language]);
      await sandboxed(language); // warm-up, and the isolation probe
      const sandboxedTimes = await latencies(() => sandboxed(language));
      const bareTimes = await latencies(() => bare(language, dir));
      figures.push(
        figure(
          `${language}_submission_p50_ms`,
          percentile(sandboxedTimes, 50),
          'ms',
          percentile(bareTimes, 50),
        ),
      );
      // Every submission is started at once; the shared pool admits CONCURRENCY of them at a time.
      const burst = await throughput(() => sandboxed(language), SUBMISSIONS);
      const bareBurst = await throughput(() => bare(language, dir), CONCURRENCY);
      figures.push(figure(`${language}_submissions_per_s`, burst, 'submissions/s', bareBurst));
    }
    record(figures, { ...hostInfo(), sandbox: isolation.mode, submissions: SUBMISSIONS, pool: CONCURRENCY });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function figure(metric: string, value: number, unit: string, baseline: number): Figure {
  return {
    bench: 'code-runner',
    metric,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: baseline ? round(value / baseline) : null,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
