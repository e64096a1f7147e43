/**
 * What the embedded proctoring bench (proctoring.bench.ts) and its distributed form
 * (proctoring-distributed.ts) share: their command-line knobs, the raw append baselines they measure
 * against, the timeline watch, and the forked load generator (proctoring-load.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { streamId, type NewEvent } from '@sabaq/events';
import { DEMO_SCHOOL_ID } from '../../services/src/contexts/identity/seed';
import type { EventStore } from '../../services/src/platform/ports/event-store';
import type { ReadModelDb } from '../../services/src/platform/read-models/database';
import type { LoadConfig, LoadResult, Sample } from './proctoring-load';
import type { BenchExam, BenchStudent } from './proctoring-setup';

/**
 * A knob from the command line (`--students 3000` or `--students=3000`), else its BENCH_ variable,
 * else the default. A flag that is not a positive number stops the run rather than measure something else.
 */
export function knob(flag: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${flag}` || a.startsWith(`--${flag}=`));
  const fromArgs = at < 0 ? undefined : args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const raw = fromArgs ?? process.env[`BENCH_${flag.toUpperCase().replaceAll('-', '_')}`];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${flag} must be a positive number: ${raw}`);
  return value;
}

/** A lifecycle mark (no timeline work) of one student's attempt. */
export function mark(exam: BenchExam, student: BenchStudent): NewEvent {
  return {
    id: randomUUID(),
    type: 'ProctoringActionRecorded',
    data: {
      assignmentId: exam.assignmentId,
      attemptId: student.attemptId,
      studentId: student.userId,
      initiatorId: student.userId,
      webinarSessionId: null,
      actionType: 'connection_restored',
      isWarning: false,
      description: null,
      source: 'client',
      screenshots: [],
    },
    metadata: { userId: student.userId, schoolId: DEMO_SCHOOL_ID, occurredAt: new Date().toISOString() },
  };
}

type Store = Pick<EventStore, 'append' | 'appendMany'>;

/** Single-event appends of marks to the exam's attempt streams from `writers` writers, one transaction each. */
export async function rawAppendRate(store: Store, exam: BenchExam, seconds: number, writers = 32) {
  let appended = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = writer; performance.now() < end; i += writers) {
        const student = exam.students[i % exam.students.length]!;
        await store.append(streamId('proctoring', student.attemptId), [mark(exam, student)], {
          expectedVersion: 'any',
        });
        appended += 1;
      }
    }),
  );
  return { appended, perSecond: appended / ((performance.now() - started) / 1000) };
}

/**
 * Many-stream appends of one mark for each of `group` students (as the ingest's group commit makes
 * them), from two writers (the ingest's appends in flight): the ceiling of the grouped path.
 */
export async function rawManyAppendRate(store: Store, exam: BenchExam, seconds: number, group = 200) {
  let appended = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const size = Math.min(group, exam.students.length);
  await Promise.all(
    Array.from({ length: 2 }, async (_, writer) => {
      for (let round = writer; performance.now() < end; round += 2) {
        const batches = Array.from({ length: size }, (_, i) => {
          const student = exam.students[(round * size + i) % exam.students.length]!;
          return {
            streamId: streamId('proctoring', student.attemptId),
            events: [mark(exam, student)],
            expectedVersion: 'any' as const,
          };
        });
        const outcomes = await store.appendMany(batches);
        appended += outcomes.filter((o) => o.outcome === 'appended').length;
      }
    }),
  );
  return { appended, perSecond: appended / ((performance.now() - started) / 1000) };
}

/** How many of the oldest pending samples one poll of the read model asks for. */
const WATCH_WINDOW = 200;

/** The first `n` keys of a map (its insertion order: the order the samples were answered). */
function oldest(pending: Map<string, number>, n: number): string[] {
  const ids: string[] = [];
  for (const id of pending.keys()) {
    if (ids.length === n) break;
    ids.push(id);
  }
  return ids;
}

/** Watches the read model for sampled actions; the lag is from the action's answer to its row. */
export function timelineWatch(db: ReadModelDb) {
  const pending = new Map<string, number>();
  const lags: number[] = [];
  let stopped = false;
  let polls = 0;
  const loop = (async () => {
    while (!stopped || pending.size > 0) {
      if (pending.size > 0) {
        polls += 1;
        // The oldest samples only: asking for every pending one made each poll as costly as the lag was
        // long (6,000 ids every 20 ms at a 20-s lag, on the measured process and its database), so a
        // lag fed itself. The projection writes in log order, so the oldest appear first; a window
        // found whole is followed by the next at once.
        const rows = await db
          .selectFrom('proctoring_actions')
          .select('id')
          .where('id', 'in', oldest(pending, WATCH_WINDOW))
          .execute();
        const now = Date.now();
        for (const { id } of rows) {
          const answeredAt = pending.get(String(id));
          if (answeredAt === undefined) continue;
          lags.push(now - answeredAt);
          pending.delete(String(id));
        }
        if (rows.length === WATCH_WINDOW) continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    add: (sample: Sample) => pending.set(sample.id, sample.answeredAt),
    /** Stops once every sample is seen or the deadline passes; the rest count as missing. */
    async finish(ms: number) {
      stopped = true;
      let missing = 0;
      const deadline = setTimeout(() => {
        missing = pending.size;
        pending.clear();
      }, ms);
      await loop;
      clearTimeout(deadline);
      return { lags, missing, polls };
    },
  };
}

/**
 * Forks the load generator (never on the measured process's loop) with `config`; `started` sees the
 * child (a caller that must be able to kill it), `onSample` each sampled action.
 */
export function runLoadProcess(
  config: LoadConfig,
  onSample: (sample: Sample) => void,
  started: (child: ChildProcess) => void = () => {},
): Promise<LoadResult> {
  const child = fork(path.join(import.meta.dirname, 'proctoring-load.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started(child);
  return new Promise((resolve, reject) => {
    child.on('message', (message: Sample | LoadResult) => {
      if (message.type === 'sample') onSample(message);
      else resolve(message);
    });
    child.on('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(config);
  });
}
