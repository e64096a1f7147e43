/**
 * Hostile programs: each must be stopped or refused, reported as what it is, and leave nothing behind.
 * Tests of what only the namespace sandbox gives (no network, a private root) skip, saying why,
 * where this machine cannot build one.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRuntime } from './languages';
import { SandboxPool } from './pool';
import { codeRunnerIsolation, runCode, type CodeLanguage, type CodeTest } from './run-code';
import { removeStaleRunDirs } from './sandbox';

const isolation = await codeRunnerIsolation();
const namespaces = isolation.mode === 'namespaces';
if (!namespaces) console.log(`skipped: namespace-only containment tests (${isolation.reason})`);
const python = findRuntime('python') !== null;
if (!python) console.log('skipped: python containment tests, no python3 executable by other users');

/** One slot, so that its user id is known and the test can look for processes left behind. */
const pool = new SandboxPool({ size: 1 });
const sandboxUser = pool.uidOf(0);

const test = (more: Partial<CodeTest> = {}): CodeTest => ({
  input: '',
  expected_output: 'ok',
  memory_limit: 128 * 2 ** 20,
  time_limit: 3000,
  points: 1,
  ...more,
});
const run = (language: CodeLanguage, source: string, more: Partial<CodeTest> = {}) =>
  runCode({ language, source, tests: [test(more)] }, { pool });
const py = (lines: string[], more: Partial<CodeTest> = {}) => run('python', lines.join('\n'), more);
const js = (lines: string[], more: Partial<CodeTest> = {}) => run('javascript', lines.join('\n'), more);

function processesOfSandboxUser(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return statSync(`/proc/${entry}`).uid === sandboxUser;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('time', () => {
  it('kills an endless loop at the time limit and reports a timeout, in both languages', async () => {
    for (const [language, source] of [
      ['javascript', 'for (;;) {}'],
      ...(python ? [['python', 'while True:\n    pass']] : []),
    ] as Array<[CodeLanguage, string]>) {
      const started = Date.now();
      const report = await run(language, source, { time_limit: 700 });
      expect(report.tests[0], language).toMatchObject({ verdict: 'error', reason: 'timeout', points: 0 });
      expect(report.tests[0]!.time_ms).toBeGreaterThanOrEqual(700);
      expect(Date.now() - started, 'no hang').toBeLessThan(8000);
    }
  });

  it('kills a program that only sleeps (no CPU used) by the wall clock', async () => {
    const report = await js(['setTimeout(() => console.log("ok"), 60_000);'], { time_limit: 500 });
    expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'timeout' });
  });
});

describe('memory', () => {
  it.skipIf(!python)(
    'stops a Python program allocating beyond its limit (MemoryError under RLIMIT_AS)',
    async () => {
      const report = await py(['data = b"x" * (200 * 2 ** 20)', 'print("ok")'], {
        memory_limit: 64 * 2 ** 20,
      });
      expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'memory' });
    },
  );

  it('stops a Node program growing its heap beyond its limit', async () => {
    const report = await js(['const a = [];', 'for (;;) a.push(new Array(1e5).fill(1.5));'], {
      memory_limit: 96 * 2 ** 20,
    });
    expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'memory' });
  });

  it('stops a Node program taking memory outside the heap in one allocation', async () => {
    const report = await js(['const b = Buffer.alloc(600 * 2 ** 20, 1);', 'console.log("ok", b.length);'], {
      memory_limit: 96 * 2 ** 20,
    });
    expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'memory' });
  });

  it('reports a limit below what the interpreter needs to start as memory (e.g. the minimum, 2048 bytes)', async () => {
    const languages: CodeLanguage[] = python ? ['javascript', 'python'] : ['javascript'];
    for (const language of languages) {
      for (const memory_limit of [2048, 8 * 2 ** 20]) {
        const source = language === 'python' ? 'print("ok")' : 'console.log("ok")';
        const report = await run(language, source, { memory_limit });
        expect(report.tests[0], `${language} ${memory_limit}`).toMatchObject({
          verdict: 'error',
          reason: 'memory',
        });
        expect(report.tests[0]!.stderr).not.toMatch(/sabaq-box|setpriv|chroot/);
      }
    }
  });

  it('lets a program use memory under its limit', async () => {
    const report = await js(
      ['const b = Buffer.alloc(32 * 2 ** 20, 1);', 'console.log(b[5] === 1 ? "ok" : "no");'],
      {
        memory_limit: 128 * 2 ** 20,
      },
    );
    expect(report.tests[0]).toMatchObject({ verdict: 'accepted' });
  });

  it.skipIf(!python || !isolation.switchesUser)(
    'counts the memory of forked children together (each under its own rlimit)',
    async () => {
      const report = await py(
        [
          'import os, time',
          'for _ in range(4):',
          '    if os.fork() == 0:',
          '        data = b"x" * (40 * 2 ** 20)',
          '        time.sleep(10)',
          '        os._exit(0)',
          'time.sleep(10)',
        ],
        { memory_limit: 100 * 2 ** 20, time_limit: 8000 },
      );
      expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'memory' });
      // A killed process is gone once the kernel has reaped it: a moment after the kill, not at once.
      await expect.poll(() => processesOfSandboxUser(), { timeout: 5_000 }).toEqual([]);
    },
  );
});

describe('processes', () => {
  it.skipIf(!python || !isolation.switchesUser)(
    'contains a fork bomb: bounded by RLIMIT_NPROC, killed at the limit, nothing left behind',
    async () => {
      const started = Date.now();
      const report = await py(
        ['import os', 'while True:', '    try:', '        os.fork()', '    except OSError:', '        pass'],
        { time_limit: 1500 },
      );
      // Which limit a bomb meets first depends on the machine: 64 interpreters also exceed the memory limit.
      expect(report.tests[0]).toMatchObject({ verdict: 'error' });
      expect(['timeout', 'runtime', 'memory']).toContain(report.tests[0]!.reason);
      expect(Date.now() - started).toBeLessThan(15_000);
      // A killed process is gone once the kernel has reaped it: a moment after the kill, not at once.
      await expect.poll(() => processesOfSandboxUser(), { timeout: 5_000 }).toEqual([]);
    },
  );

  it.skipIf(!python || !isolation.switchesUser)(
    'caps the number of processes (RLIMIT_NPROC of the sandbox user): fork fails, the program goes on',
    async () => {
      const report = await py(
        [
          'import os, time',
          'started = 0',
          'try:',
          '    while started < 1000:',
          '        if os.fork() == 0:',
          '            time.sleep(30)',
          '            os._exit(0)',
          '        started += 1',
          'except OSError:',
          '    print("ok" if 0 < started < 64 else started)',
        ],
        // Forked children share their parent's pages but each counts its own resident set: room for 64.
        { memory_limit: 1024 * 2 ** 20, time_limit: 10_000 },
      );
      expect(report.tests[0]).toMatchObject({ verdict: 'accepted' });
      // A killed process is gone once the kernel has reaped it: a moment after the kill, not at once.
      await expect.poll(() => processesOfSandboxUser(), { timeout: 5_000 }).toEqual([]);
    },
  );

  it.skipIf(!python || !isolation.switchesUser)(
    'kills a daemon that left the process group (setsid) when the program ends',
    async () => {
      const report = await py([
        'import os, time',
        'if os.fork() == 0:',
        '    os.setsid()',
        '    time.sleep(60)',
        '    os._exit(0)',
        'print("ok")',
      ]);
      expect(report.tests[0]).toMatchObject({ verdict: 'accepted' });
      // A killed process is gone once the kernel has reaped it: a moment after the kill, not at once.
      await expect.poll(() => processesOfSandboxUser(), { timeout: 5_000 }).toEqual([]);
    },
  );

  it('refuses child processes and workers to a Node program (permission model)', async () => {
    const report = await js([
      "for (const attempt of [() => require('child_process').execSync('id'),",
      "  () => new (require('worker_threads').Worker)('1', { eval: true })]) {",
      '  try { attempt(); console.log("allowed"); } catch (e) { console.log(e.code); }',
      '}',
    ]);
    expect(report.tests[0]?.stdout).toBe('ERR_ACCESS_DENIED\nERR_ACCESS_DENIED\n');
  });

  it.skipIf(!python || !isolation.switchesUser)(
    'runs the program as an unprivileged user of its own, without capabilities',
    async () => {
      const report = await py([
        'import os, re',
        'status = open("/proc/self/status").read()',
        'print(os.getuid(), os.getgid(), os.getgroups(), re.search(r"CapEff:\\s+0+\\n", status) is not None)',
      ]);
      expect(report.tests[0]?.stdout).toBe(`${sandboxUser} ${sandboxUser} [] True\n`);
    },
  );
});

describe('after a server crash', () => {
  it('removes the run directories of dead servers and keeps those of live ones', async () => {
    const dead = spawnSync('true').pid; // exited, and nothing reuses a PID this soon
    const stale = path.join(os.tmpdir(), `sabaq-code-${dead}-test`);
    const live = path.join(os.tmpdir(), `sabaq-code-${process.ppid}-test`);
    await mkdir(stale);
    await mkdir(live);
    try {
      await removeStaleRunDirs();
      const left = await readdir(os.tmpdir());
      expect(left).not.toContain(path.basename(stale));
      expect(left).toContain(path.basename(live));
    } finally {
      await rm(stale, { recursive: true, force: true });
      await rm(live, { recursive: true, force: true });
    }
  });
});

describe('output', () => {
  it('stops a program printing without end and reports output_limit, keeping only the start', async () => {
    const report = await js(['const line = "x".repeat(1000);', 'for (;;) console.log(line);'], {
      time_limit: 10_000,
    });
    expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'output_limit' });
    expect(report.tests[0]!.time_ms).toBeLessThan(10_000);
    expect(report.tests[0]!.stdout.length).toBeLessThanOrEqual(4096 + 2);
  });

  it.skipIf(!python)('caps stderr the same way', async () => {
    const report = await py(['import sys', 'while True:', '    sys.stderr.write("e" * 1000)'], {
      time_limit: 10_000,
    });
    expect(report.tests[0]).toMatchObject({ verdict: 'error', reason: 'output_limit' });
  });
});

describe.skipIf(!namespaces)('isolation from the host (namespace sandbox)', () => {
  let server: net.Server;
  let port = 0;
  let connections = 0;
  let victim = '';
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as net.AddressInfo).port;
    // A directory any user could write to, on the host, outside the sandbox.
    victim = await mkdtemp(path.join(os.tmpdir(), 'sabaq-victim-'));
    await chmod(victim, 0o777);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(victim, { recursive: true, force: true });
  });

  const hostAddresses = () => [
    '127.0.0.1',
    ...Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address),
  ];

  it.skipIf(!python)('has no network: a Python program cannot reach the host or the outside', async () => {
    const targets = [...hostAddresses(), '1.1.1.1'];
    const report = await py([
      'import socket',
      `for host in ${JSON.stringify(targets)}:`,
      '    try:',
      `        socket.create_connection((host, ${port}), timeout=1)`,
      '        print("connected", host)',
      '    except OSError:',
      '        print("refused")',
    ]);
    expect(report.tests[0]?.stdout).toBe('refused\n'.repeat(targets.length));
    expect(connections).toBe(0);
  });

  it('has no network: a Node program cannot reach the host', async () => {
    const report = await js([
      "const net = require('net');",
      `const socket = net.connect(${port}, '127.0.0.1');`,
      "socket.on('connect', () => { console.log('connected'); socket.destroy(); });",
      "socket.on('error', (e) => console.log(e.code));",
    ]);
    expect(report.tests[0]?.stdout).toMatch(/^(ENETUNREACH|ECONNREFUSED)\n$/);
    expect(connections).toBe(0);
  });

  it.skipIf(!python)('can write only inside its own /tmp; the host stays untouched', async () => {
    const outside = ['/x', '/etc/x', '/usr/x', '/var/tmp/x', '/dev/shm/x', '/proc/x', path.join(victim, 'x')];
    const report = await py([
      'import os',
      `for p in ${JSON.stringify(outside)}:`,
      '    try:',
      '        open(p, "w").write("pwned")',
      '        print("wrote", p)',
      '    except OSError:',
      '        print("refused")',
      'open("/tmp/scratch", "w").write("mine")',
      'print(open("/tmp/scratch").read(), sorted(os.listdir("/tmp")))',
    ]);
    expect(report.tests[0]?.stdout).toBe(
      `${'refused\n'.repeat(outside.length)}mine ['main.py', 'scratch']\n`,
    );
    expect(await readdir(victim)).toEqual([]);
  });

  it('refuses every file write to a Node program, even in its own /tmp', async () => {
    const report = await js([
      'try { require("fs").writeFileSync("/tmp/x", "1"); console.log("wrote"); }',
      'catch (e) { console.log(e.code); }',
    ]);
    expect(report.tests[0]?.stdout).toBe('ERR_ACCESS_DENIED\n');
  });

  it.skipIf(!python)(
    'sees a private root: no host files, no host processes, no inherited environment or fds',
    async () => {
      const report = await py([
        'import os',
        'print(sorted(os.listdir("/")))',
        'print([p for p in os.listdir("/proc") if p.isdigit()] == ["1", str(os.getpid())] or os.listdir("/proc"))',
        'print(sorted(os.environ))',
        'print(sorted(int(fd) for fd in os.listdir("/proc/self/fd")))',
        `print(os.path.exists(${JSON.stringify(process.cwd())}), os.path.exists("/root"), os.path.exists("/home"))`,
      ]);
      const lines = report.tests[0]!.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^\['bin', 'dev', 'etc', .*'proc', .*'tmp', 'usr'\]$/);
      expect(lines[0]).not.toMatch(/'work'|'root'|'home'|'var'|'srv'|'opt'/);
      expect(lines[1]).toBe('True');
      expect(lines[2]).toBe("['HOME', 'LANG', 'PATH']");
      // 0-2 and the descriptor listdir itself opened.
      expect(lines[3]).toBe('[0, 1, 2, 3]');
      expect(lines[4]).toBe('False False False');
    },
  );
});
