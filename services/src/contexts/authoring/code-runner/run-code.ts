/**
 * Grades a code question's submission: the student's program runs once per test, in a sandbox, with the
 * test's input on stdin, and its stdout is compared with the expected output. docs/code-runner.md
 * describes the sandbox, the limits and the verdicts.
 */
import { DomainError, ValidationError } from '../../../platform/errors';
import { judge, type CodeErrorReason } from './classify';
import { detectIsolation, SandboxUnavailableError, type Isolation, type IsolationMode } from './isolation';
import { findRuntime, type CodeLanguage } from './languages';
import {
  CHECK_MEMORY_LIMIT_BYTES,
  CHECK_TIME_LIMIT_MS,
  DEFAULT_OUTPUT_LIMIT_BYTES,
  DEFAULT_REPORT_CHARS,
  MAX_MEMORY_LIMIT_BYTES,
} from './limits';
import { sharedPool, type SandboxPool } from './pool';
import { removeStaleRunDirs, runInSandbox, type SandboxOutcome } from './sandbox';
import { validateSubmission } from './validate';

export type { CodeLanguage } from './languages';

export interface CodeTest {
  input: string;
  expected_output: string;
  /** Bytes (specification 001 §5: not below 2048). */
  memory_limit: number;
  /** Milliseconds (at most 15,000). */
  time_limit: number;
  points: number;
}

export interface CodeTestReport {
  verdict: 'accepted' | 'differs' | 'error';
  reason?: CodeErrorReason;
  points: number;
  time_ms: number;
  /** The start of what the program printed (DEFAULT_REPORT_CHARS), marked when cut. */
  stdout: string;
  stderr: string;
}

export interface CodeRunReport {
  verdict: 'error' | 'differs' | 'accepted';
  points: number;
  tests: CodeTestReport[];
}

export interface CodeSubmission {
  language: CodeLanguage;
  source: string;
  tests: CodeTest[];
}

export interface RunCodeOptions {
  /** Defaults to the process-wide pool (one slot per CPU). */
  pool?: SandboxPool;
  /** `rlimits` forces the weaker sandbox even where namespaces work (tests of that mode). */
  isolation?: IsolationMode;
  /** Interpreter per language; null treats the language as not installed. */
  interpreters?: Partial<Record<CodeLanguage, string | null>>;
  /** Captured stdout and stderr per run (stdout may grow to twice the expected output). */
  outputLimitBytes?: number;
  /** How much of stdout and stderr each report carries. */
  reportChars?: number;
}

export class LanguageUnavailableError extends ValidationError {
  constructor(language: string) {
    super(`Язык ${language} недоступен на этом сервере (language unavailable)`, {
      language: [`Язык ${language} недоступен на этом сервере`],
    });
  }
}

/** No sandbox can be built on this machine (prlimit missing): nothing is run unprotected. */
export class CodeRunnerUnavailableError extends DomainError {
  constructor(why: string) {
    super(`Проверка кода недоступна на этом сервере (${why})`, 503);
  }
}

export async function runCode(
  submission: CodeSubmission,
  options: RunCodeOptions = {},
): Promise<CodeRunReport> {
  validateSubmission(submission);
  const runtime = findRuntime(submission.language, options.interpreters?.[submission.language]);
  if (!runtime) throw new LanguageUnavailableError(submission.language);
  const isolation = await isolationFor(options.isolation);
  const pool = options.pool ?? sharedPool();
  const outputLimit = options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
  const reportChars = options.reportChars ?? DEFAULT_REPORT_CHARS;
  const sandbox = (
    run: Omit<Parameters<typeof runInSandbox>[0], 'runtime' | 'source' | 'stderrLimitBytes'>,
  ) =>
    pool.use((uid) =>
      runInSandbox(
        { ...run, runtime, source: submission.source, stderrLimitBytes: outputLimit },
        isolation,
        uid,
      ),
    );

  const check = await sandbox({
    step: 'check',
    stdin: '',
    timeLimitMs: CHECK_TIME_LIMIT_MS,
    memoryLimitBytes: CHECK_MEMORY_LIMIT_BYTES,
    stdoutLimitBytes: outputLimit,
  });
  if (check.killedFor !== null || check.exitCode !== 0) {
    const failed = compileFailure(check, reportChars);
    return summarize(submission.tests.map(() => failed));
  }

  // One test at a time: a submission holds at most one slot, so a burst of submissions shares the pool fairly.
  const reports: CodeTestReport[] = [];
  for (const test of submission.tests) {
    const outcome = await sandbox({
      step: 'run',
      stdin: test.input,
      timeLimitMs: test.time_limit,
      memoryLimitBytes: Math.min(test.memory_limit, MAX_MEMORY_LIMIT_BYTES),
      stdoutLimitBytes: Math.max(outputLimit, 2 * Buffer.byteLength(test.expected_output)),
    });
    const addressSpaceLimited = runtime.memoryRlimit(test.memory_limit).resource === 'as';
    const judgement = judge(outcome, test.expected_output, addressSpaceLimited);
    reports.push({
      verdict: judgement.verdict,
      ...(judgement.reason ? { reason: judgement.reason } : {}),
      points: judgement.verdict === 'accepted' ? test.points : 0,
      time_ms: outcome.timeMs,
      stdout: excerpt(outcome.stdout, reportChars),
      stderr: excerpt(outcome.stderr, reportChars),
    });
  }
  return summarize(reports);
}

/** Accepted when every test is; error when any test errored; otherwise the results differ. */
function summarize(tests: CodeTestReport[]): CodeRunReport {
  const verdict = tests.every((t) => t.verdict === 'accepted')
    ? 'accepted'
    : tests.some((t) => t.verdict === 'error')
      ? 'error'
      : 'differs';
  return { verdict, points: tests.reduce((sum, t) => sum + t.points, 0), tests };
}

function compileFailure(check: SandboxOutcome, reportChars: number): CodeTestReport {
  return {
    verdict: 'error',
    reason: 'compile',
    points: 0,
    time_ms: 0,
    stdout: '',
    stderr: excerpt(check.stderr, reportChars) || `syntax check stopped: ${check.killedFor ?? 'failed'}`,
  };
}

function excerpt(bytes: Buffer, chars: number): string {
  const text = bytes.toString('utf8');
  return text.length > chars ? `${text.slice(0, chars)}\n…` : text;
}

let swept: Promise<void> | undefined;

async function isolationFor(wanted: IsolationMode | undefined): Promise<Isolation> {
  swept ??= removeStaleRunDirs();
  await swept;
  let isolation: Isolation;
  try {
    isolation = await detectIsolation();
  } catch (error) {
    if (error instanceof SandboxUnavailableError) throw new CodeRunnerUnavailableError(error.message);
    throw error;
  }
  if (wanted === 'rlimits' && isolation.mode === 'namespaces') {
    return { ...isolation, mode: 'rlimits', reason: 'forced by the caller' };
  }
  return isolation;
}

/** What sandbox runs the programs here, and why not a stronger one: for the health page, docs and tests. */
export async function codeRunnerIsolation(): Promise<Pick<Isolation, 'mode' | 'reason' | 'switchesUser'>> {
  const { mode, reason, switchesUser } = await isolationFor(undefined);
  return { mode, reason, switchesUser };
}
