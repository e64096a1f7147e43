/**
 * The languages a code question may allow, and how each is checked and run. Interpreted languages have
 * no compiler, so the "compile" step is a syntax check: a syntax error is reported as a compile error
 * once, instead of as a runtime error in every test.
 */
import { execFileSync } from 'node:child_process';
import { constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { NODE_DATA_BACKSTOP_BYTES } from './limits';

export const CODE_LANGUAGES = ['javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** The kernel limit prlimit sets for memory: the address space, or only the data segment. */
export interface MemoryRlimit {
  resource: 'as' | 'data';
  bytes: number;
}

export interface Runtime {
  language: CodeLanguage;
  /** Real path of the interpreter. */
  interpreter: string;
  fileName: string;
  /** Whether the program can start processes of its own (then the memory watch also counts those). */
  mayFork: boolean;
  /** A directory to bind read-only into the sandbox when the interpreter lives outside /usr and /lib. */
  extraBind: string | null;
  checkArgs(): string[];
  /** `dir` is the working directory as the program sees it (/tmp inside a namespace sandbox). */
  runArgs(dir: string, memoryLimitBytes: number): string[];
  memoryRlimit(memoryLimitBytes: number): MemoryRlimit;
}

/** Python compiles the file without running it; the message is the interpreter's own, without a traceback. */
const PYTHON_CHECK = [
  'import sys, traceback',
  'try:',
  "    compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
  'except (SyntaxError, ValueError) as error:',
  "    sys.stderr.write(''.join(traceback.format_exception_only(type(error), error)))",
  '    sys.exit(1)',
].join('\n');

/** -I: ignore PYTHON* variables and the user's site; -B: write no .pyc; -X utf8: UTF-8 whatever the locale. */
const PYTHON_FLAGS = ['-I', '-B', '-X', 'utf8'];

function python(interpreter: string): Runtime {
  return {
    language: 'python',
    interpreter,
    fileName: 'main.py',
    mayFork: true,
    extraBind: bindFor(interpreter),
    checkArgs: () => [...PYTHON_FLAGS, '-c', PYTHON_CHECK, 'main.py'],
    runArgs: () => [...PYTHON_FLAGS, 'main.py'],
    // CPython allocates through malloc only, so the address-space limit is an exact ceiling (MemoryError).
    memoryRlimit: (bytes) => ({ resource: 'as', bytes }),
  };
}

function javascript(interpreter: string): Runtime {
  const permission = permissionFlag(interpreter);
  return {
    language: 'javascript',
    interpreter,
    fileName: 'main.js',
    // With the permission model child_process and workers are refused; without it Node could fork.
    mayFork: permission === null,
    extraBind: bindFor(interpreter),
    checkArgs: () => ['--check', 'main.js'],
    runArgs: (dir, bytes) => [
      `--max-old-space-size=${Math.max(1, Math.floor(bytes / 2 ** 20))}`,
      ...(permission
        ? // Reads of the working directory and of stdin by name only; no writes, no child processes,
          // no workers, no native addons.
          [permission, `--allow-fs-read=${dir}/`, '--allow-fs-read=/dev/stdin']
        : []),
      // Only hides the "permission model is experimental" warning, which would land in every stderr.
      '--no-warnings',
      'main.js',
    ],
    memoryRlimit: (bytes) => ({ resource: 'data', bytes: bytes + NODE_DATA_BACKSTOP_BYTES }),
  };
}

/** Node 20 calls its permission model --experimental-permission; Node 22.13+ calls it --permission. */
function permissionFlag(node: string): string | null {
  let help: string;
  try {
    help = execFileSync(node, ['--help'], { encoding: 'utf8', env: {}, timeout: 10_000 });
  } catch {
    return null;
  }
  if (/^\s+--permission\b/m.test(help)) return '--permission';
  if (/^\s+--experimental-permission\b/m.test(help)) return '--experimental-permission';
  return null;
}

const SYSTEM_DIRS = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib32/', '/lib64/', '/libx32/'];

/** An interpreter outside the system directories is bound with its installation prefix (…/bin/node → …). */
function bindFor(interpreter: string): string | null {
  if (SYSTEM_DIRS.some((dir) => interpreter.startsWith(dir))) return null;
  const prefix = path.dirname(path.dirname(interpreter));
  return prefix === '/' ? path.dirname(interpreter) : prefix;
}

/** The sandbox runs the interpreter as another user: it must be executable by others. */
function usable(candidate: string): string | null {
  try {
    const real = realpathSync(candidate);
    const stat = statSync(real);
    return stat.isFile() && (stat.mode & constants.S_IXOTH) !== 0 ? real : null;
  } catch {
    return null;
  }
}

const PYTHON_CANDIDATES = ['/usr/bin/python3', '/usr/local/bin/python3', '/bin/python3'];

const cache = new Map<string, Runtime | null>();

/**
 * The runtime of a language, or null when it cannot run here. `override` names the interpreter
 * (null: treat the language as absent); by default Node is the server's own and Python the system's
 * python3 (never one under a user's home, which the sandbox user could not reach).
 */
export function findRuntime(language: CodeLanguage, override?: string | null): Runtime | null {
  if (override === null) return null;
  const key = `${language}:${override ?? ''}`;
  if (!cache.has(key)) {
    const candidates = override ? [override] : language === 'python' ? PYTHON_CANDIDATES : [process.execPath];
    const found = candidates.map(usable).find((p): p is string => p !== null) ?? null;
    cache.set(key, found === null ? null : language === 'python' ? python(found) : javascript(found));
  }
  return cache.get(key) ?? null;
}
