/**
 * Turns what happened to one run into the test's verdict (specification 001 §4: a code task's result
 * is error, results differ or accepted):
 * - we stopped it (time, memory, output) → error with that reason;
 * - the kernel stopped it at the CPU limit (SIGXCPU, or SIGKILL one second later) → error, timeout;
 * - it died reporting that memory ran out (the interpreter's or the loader's own words), or by SIGSEGV
 *   under an address-space limit (what exec and stack growth do when the limit leaves no room) → error,
 *   memory;
 * - any other non-zero exit or signal → error, runtime;
 * - a clean exit → accepted when stdout matches the expected output (compare-output.ts), else differs.
 */
import { outputMatches } from './compare-output';
import type { SandboxOutcome } from './sandbox';

export type CodeVerdict = 'accepted' | 'differs' | 'error';
export type CodeErrorReason = 'compile' | 'runtime' | 'timeout' | 'memory' | 'output_limit';

export interface Judgement {
  verdict: CodeVerdict;
  reason?: CodeErrorReason;
}

/**
 * What CPython, V8, the C++ runtime and the loader print when an allocation fails under the limits:
 * MemoryError; "JavaScript heap out of memory" (old space full); "Array buffer allocation failed"
 * (RLIMIT_DATA refused a Buffer); std::bad_alloc / "Fatal process out of memory" / "Fatal javascript OOM"
 * (V8 itself refused);
 * ENOMEM at exec ("Cannot allocate memory") or a library the loader could not map, when the limit is
 * below what the interpreter needs to start.
 */
const OUT_OF_MEMORY = [
  /\bMemoryError\b/,
  /failed to map segment from shared object/,
  /JavaScript heap out of memory/,
  /Array buffer allocation failed/,
  /std::bad_alloc/,
  /Fatal process out of memory/,
  // V8 when the limit leaves its snapshot no room while it starts (seen under load, as the heap's
  // first pages land elsewhere): "# Fatal javascript OOM in GC during deserialization".
  /Fatal javascript OOM/i,
  /cannot allocate memory/i,
];

/** `addressSpaceLimited`: the run was under RLIMIT_AS (Python), where SIGSEGV means memory ran out. */
export function judge(
  outcome: SandboxOutcome,
  expectedOutput: string,
  addressSpaceLimited: boolean,
): Judgement {
  if (outcome.killedFor) return { verdict: 'error', reason: outcome.killedFor };
  if (outcome.signal === 'SIGXCPU' || outcome.signal === 'SIGKILL')
    return { verdict: 'error', reason: 'timeout' };
  if (outcome.signal === 'SIGSEGV' && addressSpaceLimited) return { verdict: 'error', reason: 'memory' };
  if (outcome.exitCode !== 0 || outcome.signal !== null) {
    const stderr = outcome.stderr.toString('utf8');
    if (OUT_OF_MEMORY.some((pattern) => pattern.test(stderr))) return { verdict: 'error', reason: 'memory' };
    return { verdict: 'error', reason: 'runtime' };
  }
  return outputMatches(outcome.stdout.toString('utf8'), expectedOutput)
    ? { verdict: 'accepted' }
    : { verdict: 'differs' };
}
