/**
 * `npm run bench -- proctoring`: a class of BENCH_STUDENTS (1,000) proctored students on the embedded
 * platform, each sending one action a second for BENCH_SECONDS (after a warm-up), half over HTTP and
 * half over the realtime socket (BENCH_WS_SHARE), while the demo proctor listens on the assignment's
 * channel. Figures:
 * - accepted actions/s, against the raw event-store append rate measured in the same run (single-event
 *   appends to the same attempts' streams from 32 writers, no HTTP and no checks): the ceiling;
 * - timeline lag: from an action's answer to its row in the read model, written in the same transaction
 *   as its attempt's timeline (every BENCH_SAMPLE_EVERY-th action, polled every 20 ms);
 * - fan-out: from sending an action to the proctor's socket receiving its ActionRecorded;
 * - errors: any answer but 201 / proctoring.ack, and timeouts.
 * The load generator is a forked process (proctoring-load.ts), so it never runs on the server's loop.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { hostInfo } from './host';
import { platformCpuMs, postgresCpuBetween, postgresCpuMs } from './proctoring-cpu';
import { countedQueries, countQueries, startCounting } from './proctoring-queries';
import { knob, rawAppendRate, rawManyAppendRate, runLoadProcess, timelineWatch } from './proctoring-common';
import { setUpExam } from './proctoring-setup';
import { percentile, record, type Figure } from './record';

const STUDENTS = Math.round(knob('students', 1000));
const SECONDS = knob('seconds', 30);
const WARMUP_SECONDS = knob('warmup-seconds', 5);
const WS_SHARE = knob('ws-share', 0.5);
/** Keep-alive connections of the HTTP students in all (default: one each). */
const HTTP_SOCKETS = knob('http-sockets', 0) || undefined;
const SAMPLE_EVERY = knob('sample-every', 10);
const BASELINE_SECONDS = knob('baseline-seconds', 5);
/**
 * `--profile <file.cpuprofile>`: a CPU profile of the platform's main thread over the load alone (not the
 * set-up nor the baselines), for scripts/bench/proctoring-profile.ts.
 */
const PROFILE = (() => {
  const at = process.argv.indexOf('--profile');
  return at < 0 ? undefined : process.argv[at + 1];
})();

const COUNT_QUERIES = process.argv.includes('--count-queries');
if (COUNT_QUERIES) countQueries();

/** Profiles the process while `work` runs, when asked to. */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  if (!PROFILE) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(PROFILE, JSON.stringify(profile));
    session.disconnect();
    say(`profile of the load written to ${PROFILE}`);
  }
}

/** BENCH_RECORD=0: print the figures only (a trial run that must not replace the recorded one). */
const RECORD = process.env.BENCH_RECORD !== '0' && !process.argv.includes('--no-record');
const say = (line: string) => console.error(`proctoring bench: ${line}`);

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;

/**
 * Transactions committed in the database so far (every query outside a transaction is one): per action,
 * a figure the machine's load does not change. Backends report theirs within about a second while busy
 * and 10 s once idle, hence the pause before a reading.
 */
async function committed(platform: Platform): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const { rows } = await sql<{ n: string }>`
    SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`.execute(platform.db);
  return Number(rows[0]?.n ?? 0);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-proctoring-'));
  const loadAverage = os.loadavg()[0];
  const platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'error' });
  const caughtUp = async () => platform.runner?.caughtUp();
  try {
    await caughtUp();
    const exam = await setUpExam(platform.url, platform.store, STUDENTS, caughtUp, say);
    // The many-append baseline first, so that the transactions counted around the single appends are
    // theirs alone (db_transactions_per_action's baseline).
    const many = await rawManyAppendRate(platform.store, exam, BASELINE_SECONDS);
    await caughtUp();
    const beforeRaw = await committed(platform);
    const raw = await rawAppendRate(platform.store, exam, BASELINE_SECONDS);
    await caughtUp();
    const rawPerSecond = raw.perSecond;
    const afterRaw = await committed(platform);
    say(
      `raw store appends: ${Math.round(rawPerSecond)}/s single, ${Math.round(many.perSecond)}/s in ` +
        `many-appends of ${Math.min(200, STUDENTS)}; now ${STUDENTS} students for ${SECONDS} s`,
    );
    const watch = timelineWatch(platform.db);
    const cpuBefore = { platform: platformCpuMs(), postgres: postgresCpuMs() };
    if (COUNT_QUERIES) startCounting();
    const result = await profiled(() =>
      runLoadProcess(
        {
          url: platform.url,
          exam,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          wsShare: WS_SHARE,
          sampleEvery: SAMPLE_EVERY,
          // One keep-alive connection per HTTP student, as browsers hold them: a smaller pool queued
          // requests inside the generator, and its wait was counted as the server's.
          httpSockets: HTTP_SOCKETS ?? Math.max(1, STUDENTS - Math.round(STUDENTS * WS_SHARE)),
        },
        (sample) => watch.add(sample),
      ),
    );
    const cpuAfter = { platform: platformCpuMs(), postgres: postgresCpuMs() };
    if (COUNT_QUERIES) for (const line of countedQueries(result.acceptedTotal)) say(`queries: ${line}`);
    const postgresCpu = postgresCpuBetween(cpuBefore.postgres, cpuAfter.postgres);
    const timeline = await watch.finish(15_000);
    const afterLoad = await committed(platform);
    say(
      `errors by kind: ${JSON.stringify(result.errorKinds)}; pushes missing: ${result.pushesMissing}` +
        `${result.proctorDropped ? ` (the proctor's socket was closed: ${result.proctorClose})` : ''}`,
    );
    say(`load generator used ${Math.round(result.generatorCpuShare * 100)}% of one core`);
    const acceptedPerSecond = result.acceptedInWindow / SECONDS;
    const figures: Figure[] = [
      figure('accepted_actions_per_s', round(acceptedPerSecond), 'actions/s', Math.round(rawPerSecond)),
      figure(
        'accepted_vs_many_append_per_s',
        round(acceptedPerSecond),
        'actions/s',
        Math.round(many.perSecond),
      ),
      figure('offered_actions_per_s', round(result.sent / SECONDS), 'actions/s', STUDENTS),
      figure('timeline_lag_p99_ms', percentile(timeline.lags, 99), 'ms', 1000),
      figure('timeline_lag_p50_ms', percentile(timeline.lags, 50), 'ms', null),
      figure('fanout_p99_ms', round(percentile(result.fanoutMs, 99)), 'ms', null),
      figure('fanout_p50_ms', round(percentile(result.fanoutMs, 50)), 'ms', null),
      figure('http_answer_p99_ms', round(percentile(result.httpAnswerMs, 99)), 'ms', null),
      figure('ws_ack_p99_ms', round(percentile(result.wsAckMs, 99)), 'ms', null),
      figure(
        'db_transactions_per_action',
        // The bench's own polls of the read model are not the platform's cost.
        round((afterLoad - afterRaw - timeline.polls) / Math.max(1, result.acceptedTotal)),
        'transactions',
        round((afterRaw - beforeRaw) / Math.max(1, raw.appended)),
      ),
      figure('errors', result.errors + result.pushesMissing + timeline.missing, 'count', null),
      // CPU per accepted action over the load (warm-up and drain included, as their actions are):
      // what a core buys, whatever else the machine runs (docs/capacity.md).
      figure(
        'platform_cpu_ms_per_action',
        round((cpuAfter.platform - cpuBefore.platform) / Math.max(1, result.acceptedTotal)),
        'ms',
        null,
      ),
      ...(postgresCpu === null
        ? []
        : [
            figure(
              'postgres_cpu_ms_per_action',
              round(postgresCpu / Math.max(1, result.acceptedTotal)),
              'ms',
              null,
            ),
          ]),
    ];
    // A percentile of nothing is no figure: leave it out rather than record a 0 (say, when no measured
    // HTTP action was answered at all), and say so beside the others.
    const empty: Record<string, number[]> = {
      timeline_lag: timeline.lags,
      fanout: result.fanoutMs,
      http_answer: result.httpAnswerMs,
      ws_ack: result.wsAckMs,
    };
    const unmeasured = Object.keys(empty).filter((name) => empty[name]!.length === 0);
    const measured = figures.filter((f) => !unmeasured.some((name) => f.metric.startsWith(`${name}_`)));
    const report = RECORD
      ? record
      : (lines: Figure[]) => lines.forEach((f) => console.log(JSON.stringify(f)));
    report(measured, {
      unmeasured,
      ...hostInfo(),
      students: STUDENTS,
      seconds: SECONDS,
      ws_share: WS_SHARE,
      load_avg_1m_at_start: round(loadAverage ?? 0),
      timeline_samples: timeline.lags.length,
      timeline_missing: timeline.missing,
      pushes_missing: result.pushesMissing,
      proctor_dropped: result.proctorDropped,
      generator_cpu_share: round(result.generatorCpuShare),
      http_sockets: HTTP_SOCKETS ?? 'one per student',
      answer_errors: result.errorKinds,
    });
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function figure(metric: string, value: number, unit: string, baseline: number | null): Figure {
  return {
    bench: 'proctoring',
    metric,
    value,
    unit,
    baseline,
    ratio: baseline ? round(value / baseline) : null,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

// `--distributed`: the same load against the roles as separate processes (proctoring-distributed.ts).
const bench = process.argv.includes('--distributed') ? (await import('./proctoring-distributed')).main : main;
bench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
