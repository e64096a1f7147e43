import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { run } from './run';

export interface MockKafkaTopic {
  name: string;
  partitions: number;
}

export interface MockKafkaOptions {
  topics: MockKafkaTopic[];
  /** Brokers in the cluster (default 1); partition leaders are spread over them. */
  brokers?: number;
  /**
   * Run in a process group of its own, so that a Ctrl-C in the terminal (which signals the whole
   * foreground group) does not stop the cluster under clients still shutting down; the caller stops it
   * last. The stdin lifeline still ends it if the caller dies.
   */
  ownProcessGroup?: boolean;
}

export interface MockKafka {
  brokers: string[];
  stop(): Promise<void>;
}

/**
 * Consumer timings for the mock cluster. It answers a fetch only when the full max wait has passed, even
 * when data is there, so a long wait is pure latency; and a group whose last member left accepts the
 * next member only after that member's session timeout minus one second, so a restarted consumer would
 * wait half a minute with the default. Heartbeats must stay well inside the short session.
 */
export const mockKafkaConsumerTuning = {
  sessionTimeout: 3_000,
  heartbeatInterval: 300,
  maxWaitTimeInMs: 100,
};

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.join(here, 'mock-cluster.c');
const cacheDir = path.resolve(here, '../../.tmp/kafka');
const compileArgs = ['-O2', '-Wall', '-Wextra'];
const STARTUP_MS = 15_000;
const SHUTDOWN_MS = 5_000;

/**
 * Starts librdkafka's mock Kafka cluster with the given topics pre-created (it cannot create them on
 * request), on random loopback ports. Nothing is persisted: each start is an empty cluster.
 */
export async function startMockKafka(options: MockKafkaOptions): Promise<MockKafka> {
  const binary = await ensureMockClusterBinary();
  const args = [...(options.brokers ? ['-b', String(options.brokers)] : [])];
  for (const topic of options.topics) {
    if (!/^[A-Za-z0-9._-]+$/.test(topic.name) || !(topic.partitions >= 1)) {
      throw new Error(`invalid mock Kafka topic ${JSON.stringify(topic)}`);
    }
    args.push(`${topic.name}:${topic.partitions}`);
  }
  // stdin stays open as a lifeline: if this process dies, the cluster sees EOF and exits with it.
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: options.ownProcessGroup });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const bootstrap = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(
      () => fail(new Error('mock Kafka cluster did not report its address in time')),
      STARTUP_MS,
    );
    const onExit = (code: number | null) => fail(new Error(`mock Kafka cluster exited with code ${code}`));
    function settle() {
      clearTimeout(timer);
      lines.close();
      child.off('error', fail).off('exit', onExit);
    }
    function fail(error: Error) {
      settle();
      child.kill('SIGKILL');
      reject(new Error(`${error.message}${stderr ? `:\n${stderr}` : ''}`));
    }
    lines.once('line', (line) => {
      settle();
      resolve(line.trim());
    });
    child.once('error', fail).once('exit', onExit);
  });

  return {
    brokers: bootstrap.split(',').filter(Boolean),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Compiles the wrapper once per version of its source: the binary's name carries the source hash, so
 * an edited .c is rebuilt and concurrent test workers never run a half-written file.
 */
export async function ensureMockClusterBinary(): Promise<string> {
  const code = await readFile(source);
  const hash = createHash('sha256').update(code).update(compileArgs.join(' ')).digest('hex').slice(0, 12);
  const binary = path.join(cacheDir, `mock-cluster-${hash}`);
  if (await exists(binary)) return binary;
  await mkdir(cacheDir, { recursive: true });
  const partial = `${binary}.${process.pid}.partial`;
  try {
    let build = await compile(partial);
    if (build.code !== 0 && missingToolchain(build.output)) {
      await installToolchain(build.output);
      build = await compile(partial);
    }
    if (build.code !== 0) throw new Error(`building the mock Kafka cluster failed:\n${build.output}`);
    await rename(partial, binary);
  } finally {
    await rm(partial, { force: true });
  }
  return binary;
}

function compile(output: string) {
  return run('gcc', [...compileArgs, '-o', output, source, '-lrdkafka']);
}

function missingToolchain(output: string): boolean {
  return /spawn gcc ENOENT|rdkafka[_a-z]*\.h: No such file|cannot find -lrdkafka/.test(output);
}

const INSTALL_HINT =
  'The Kafka mock cluster is built from librdkafka: install a C compiler and its headers, e.g. ' +
  '`sudo apt-get install -y gcc librdkafka-dev` (Debian/Ubuntu), then run the tests again.';

/** Installs the Debian packages when running as root (CI images); anyone else is told what to install. */
async function installToolchain(buildOutput: string): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error(`${INSTALL_HINT}\n\n${buildOutput}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Parallel test workers may build at the same time: wait for dpkg's lock instead of failing on it.
  const install = [
    '-o',
    'DPkg::Lock::Timeout=300',
    'install',
    '-y',
    '--no-install-recommends',
    'gcc',
    'librdkafka-dev',
  ];
  let result = await run('apt-get', install, { env });
  if (result.code !== 0) {
    // A fresh image has empty package lists.
    const update = await run('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update'], { env });
    result = update.code === 0 ? await run('apt-get', install, { env }) : update;
  }
  if (result.code !== 0) throw new Error(`${INSTALL_HINT}\n\napt-get failed:\n${result.output}`);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Local use: `npx tsx scripts/kafka/mock-kafka.ts events.proctoring:3 ingest.proctoring:3`; Ctrl-C stops it. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const topics = process.argv.slice(2).map((arg) => {
    const [name = '', partitions = '1'] = arg.split(':');
    return { name, partitions: Number(partitions) };
  });
  const kafka = await startMockKafka({ topics });
  console.log(kafka.brokers.join(','));
  const stop = () => void kafka.stop().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}
