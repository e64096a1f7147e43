import { describe, expect, it } from 'vitest';
import { judge } from './classify';
import type { SandboxOutcome } from './sandbox';

const outcome = (more: Partial<SandboxOutcome>): SandboxOutcome => ({
  exitCode: 0,
  signal: null,
  killedFor: null,
  timeMs: 10,
  stdout: Buffer.from(''),
  stderr: Buffer.from(''),
  peakMemoryBytes: 0,
  ...more,
});

describe('judging one run', () => {
  it('compares the output of a clean exit', () => {
    expect(judge(outcome({ stdout: Buffer.from('5\n') }), '5', false)).toEqual({ verdict: 'accepted' });
    expect(judge(outcome({ stdout: Buffer.from('6\n') }), '5', false)).toEqual({ verdict: 'differs' });
  });

  it('reports why we stopped the program, whatever it printed', () => {
    for (const killedFor of ['timeout', 'memory', 'output_limit'] as const) {
      const judged = judge(outcome({ killedFor, stdout: Buffer.from('5'), signal: 'SIGKILL' }), '5', false);
      expect(judged).toEqual({ verdict: 'error', reason: killedFor });
    }
  });

  it('reads the kernel CPU limit (SIGXCPU, then SIGKILL) as a timeout', () => {
    expect(judge(outcome({ exitCode: null, signal: 'SIGXCPU' }), '', false)).toMatchObject({
      reason: 'timeout',
    });
    expect(judge(outcome({ exitCode: null, signal: 'SIGKILL' }), '', false)).toMatchObject({
      reason: 'timeout',
    });
  });

  it('recognises the interpreters’ and the loader’s out-of-memory messages', () => {
    for (const message of [
      'Traceback (most recent call last):\n  File "/tmp/main.py", line 1\nMemoryError\n',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      'RangeError: Array buffer allocation failed',
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '/usr/bin/python3.11: error while loading shared libraries: libm.so.6: failed to map segment from shared object',
      'prlimit: failed to execute /usr/bin/node: Cannot allocate memory',
      '\n<--- Last few GCs --->\n\n<--- JS stacktrace --->\n\n#\n# Fatal javascript OOM in GC during deserialization\n#\n',
    ]) {
      expect(judge(outcome({ exitCode: 1, stderr: Buffer.from(message) }), '', false), message).toEqual({
        verdict: 'error',
        reason: 'memory',
      });
    }
  });

  it('reads SIGSEGV as memory only under an address-space limit', () => {
    expect(judge(outcome({ exitCode: null, signal: 'SIGSEGV' }), '', true)).toMatchObject({
      reason: 'memory',
    });
    expect(judge(outcome({ exitCode: null, signal: 'SIGSEGV' }), '', false)).toMatchObject({
      reason: 'runtime',
    });
  });

  it('calls any other failure a runtime error, even with the right output', () => {
    const failed = outcome({ exitCode: 1, stdout: Buffer.from('5'), stderr: Buffer.from('ValueError') });
    expect(judge(failed, '5', false)).toEqual({ verdict: 'error', reason: 'runtime' });
    expect(judge(outcome({ exitCode: null, signal: 'SIGABRT' }), '', false)).toMatchObject({
      reason: 'runtime',
    });
  });
});
