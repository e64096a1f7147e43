import type { CodeLanguage, CodeTest } from '@sabaq/events';

/**
 * The contract between grading and the code runner (code-runner/run-code.ts). Grading hands the
 * student's source and the question's tests over and reads back a report; how the program is run
 * (sandbox, limits) is the runner's business.
 *
 * A CodeTest (from @sabaq/events) is { input, expected_output, memory_limit (bytes, >= 2048),
 * time_limit (ms, <= 15000), points }.
 */
export type { CodeLanguage, CodeTest };

export interface CodeSubmission {
  language: CodeLanguage;
  source: string;
  tests: CodeTest[];
}

/** The specification's code task results: error, results differ, accepted. */
export type CodeVerdict = 'error' | 'differs' | 'accepted';

/** One test's outcome, in the order of the submission's tests (the shape code-runner/run-code.ts answers). */
export interface CodeTestReport {
  /** accepted: the output equals expected_output; differs: it ran but printed something else; error:
   * it did not finish properly (compile or runtime error, time or memory limit). */
  verdict: CodeVerdict;
  /** Why an error happened (e.g. time or memory limit), as the runner names it. */
  reason?: string;
  /** The test's points when accepted, else 0. */
  points: number;
  time_ms: number;
  /** The start of what the program printed, for the teacher and the student. */
  stdout: string;
  stderr: string;
}

export interface CodeRunReport {
  /** accepted when every test is accepted; error when the program could not run (compile error) or
   * any test ended in error; otherwise differs. */
  verdict: CodeVerdict;
  /** The sum of the accepted tests' points. */
  points: number;
  tests: CodeTestReport[];
  /** A message about the whole run (e.g. the compile error), if any. */
  message?: string | null;
}

export type RunCode = (submission: CodeSubmission) => Promise<CodeRunReport>;
