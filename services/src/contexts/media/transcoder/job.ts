import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { categoryOf, idOf } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { derive, mediaPrefix, outputPrefix, recordingPrefix } from '../ids';
import { mediaDecider } from '../library/media-decider';
import { TABLES, type MediaTables } from '../read-model/tables';
import { sessionDecider } from '../sessions/session-decider';
import { planAssembly, progressSampler, type ChunkProbe } from './assembly';
import { media } from './ffmpeg';
import { renditionsFor } from './ladder';
import { withTables } from '../../../platform/read-models/database';

export interface Job {
  id: string;
  stream_id: string;
  attempt: number;
  school_id: string | null;
}

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

/** A job that cannot succeed, with the reason the failure event carries. */
class JobFailure extends Error {}

/** What to convert: the input objects in order, where the output goes, and the length promised. */
interface Source {
  keys: { name: string; key: string }[];
  prefix: string;
  expectedDuration: number | null;
}

/** Reads the target's stream: the job is current only if it is the last conversion asked for. */
async function sourceOf(services: Services, job: Job): Promise<Source> {
  const history = await services.store.readStream(job.stream_id);
  const id = idOf(job.stream_id);
  if (categoryOf(job.stream_id) === 'webinar_session') {
    const state = history.reduce((s, e) => sessionDecider.evolve(s, e as never), sessionDecider.initialState);
    if (state.erased || state.deleted) throw new JobFailure('The recording was erased');
    if (state.attempt !== job.attempt) throw new JobFailure('Superseded by a newer conversion');
    const segments = state.manifest?.segments ?? [];
    return {
      keys: segments.map((s) => ({ name: s.filename, key: state.chunks[s.filename]!.key })),
      prefix: recordingPrefix(id),
      expectedDuration: state.manifest?.duration ?? segments.reduce((sum, s) => sum + s.duration, 0),
    };
  }
  const state = history.reduce((s, e) => mediaDecider.evolve(s, e as never), mediaDecider.initialState);
  if (state.deleted) throw new JobFailure('The media was removed');
  if (state.attempt !== job.attempt) throw new JobFailure('Superseded by a newer conversion');
  const row = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.items)
    .select(['key', 'file_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.key) throw new JobFailure('The media has no file');
  return {
    keys: [{ name: String(row.file_name ?? 'file'), key: String(row.key) }],
    prefix: mediaPrefix(id),
    expectedDuration: null,
  };
}

/** One of the job's events; its id comes from the job and `key`, so a rerun appends it once. */
function appendJobEvent(
  services: Services,
  job: Job,
  type: string,
  data: Record<string, unknown>,
  key: string,
) {
  return services.store.append(
    job.stream_id,
    [
      {
        id: derive('job-event', job.id, key),
        type,
        data: { id: idOf(job.stream_id), attempt: job.attempt, ...data },
        metadata: {
          occurredAt: services.clock().toISOString(),
          ...(job.school_id ? { schoolId: job.school_id } : {}),
        },
      },
    ],
    { expectedVersion: 'any' },
  );
}

/**
 * The job's failure, for a run that passed its time limit. It takes the result's event id, so whichever
 * result comes first stands: a run that finishes later appends nothing.
 */
export async function failJob(services: Services, job: Job, reason: string): Promise<void> {
  await appendJobEvent(services, job, 'TranscodeFailed', { reason }, 'result');
}

/**
 * Runs one conversion: fetch the input objects, assemble them in playlist order, transcode to HLS,
 * take a thumbnail, store everything under the target's prefix, and record the result. Progress and the
 * result are events whose ids come from the job, so a job run again after a crash appends nothing twice.
 * Every failure of the media becomes a TranscodeFailed event with its reason; nothing is thrown for it.
 */
export async function runJob(services: Services, job: Job): Promise<'succeeded' | 'failed'> {
  const append = (type: string, data: Record<string, unknown>, key: string) =>
    appendJobEvent(services, job, type, data, key);
  const work = await mkdtemp(path.join(tmpdir(), 'sabaq-transcode-'));
  try {
    const source = await sourceOf(services, job);
    const files: string[] = [];
    const probes: ChunkProbe[] = [];
    for (const [index, { name, key }] of source.keys.entries()) {
      const file = path.join(work, `${String(index).padStart(5, '0')}.part`);
      await pipeline(await services.objects.get(key), createWriteStream(file));
      files.push(file);
      const info = await media.probe(file).catch(() => undefined);
      probes.push({ name, readable: info !== undefined, duration: info?.duration ?? null });
    }
    const plan = planAssembly(probes);
    if (plan.kind === 'unreadable') throw new JobFailure(plan.reason);
    const input = await assemble(work, files, plan.kind);
    const info = await media.probe(input.file, input.options).catch((error: Error) => {
      throw new JobFailure(`The recording is not readable: ${error.message}`);
    });
    const total = info.duration ?? source.expectedDuration ?? 0;
    const reports: Promise<unknown>[] = [];
    const sample = progressSampler(total, 10, (percent) => {
      reports.push(append('TranscodeProgressed', { percent }, `progress:${percent}`).catch(() => undefined));
    });
    const renditions = renditionsFor(info);
    const out = path.join(work, 'out');
    await mkdir(out, { recursive: true });
    await media.toHls(input, out, renditions, info, sample).catch((error: Error) => {
      throw new JobFailure(`Transcoding failed: ${error.message}`);
    });
    await Promise.all(reports);
    const played = await media.probe(path.join(out, '0', 'index.m3u8')).catch(() => info);
    const duration = played.duration ?? total;
    const thumb = path.join(out, 'thumb.jpg');
    const hasThumb = await media.thumbnail(input, Math.min(1, duration / 2), thumb).then(
      () => true,
      () => false,
    );
    const prefix = outputPrefix(source.prefix, job.attempt);
    const size = await upload(services, out, prefix);
    // Erased or superseded while it ran: what was just stored must not outlive the erasure.
    await sourceOf(services, job).catch(async (error: unknown) => {
      const stored = await services.objects.list(prefix);
      await services.objects.remove(stored.map((o) => o.key));
      throw error;
    });
    await append(
      'TranscodeSucceeded',
      {
        playlist_key: `${prefix}master.m3u8`,
        thumb_key: hasThumb ? `${prefix}thumb.jpg` : null,
        duration: Math.round(duration * 1000) / 1000,
        size,
        renditions,
      },
      'result',
    );
    return 'succeeded';
  } catch (error) {
    if (!(error instanceof JobFailure)) throw error;
    await append('TranscodeFailed', { reason: error.message.slice(0, 2000) }, 'result');
    return 'failed';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** One input for ffmpeg: a concat list of standalone chunks, or the chunks' bytes joined. */
async function assemble(work: string, files: string[], kind: 'concat-files' | 'join-bytes') {
  if (kind === 'concat-files') {
    const list = path.join(work, 'chunks.txt');
    await writeFile(list, files.map((f) => `file '${f}'`).join('\n'));
    return { file: list, options: ['-f', 'concat', '-safe', '0'] };
  }
  const joined = path.join(work, 'joined');
  const output = createWriteStream(joined);
  for (const file of files) {
    await pipeline(createReadStream(file), output, { end: false });
  }
  await new Promise<void>((resolve, reject) =>
    output.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { file: joined, options: [] };
}

/** Uploads every output file under the prefix; answers the bytes stored. */
async function upload(services: Services, dir: string, prefix: string): Promise<number> {
  let size = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const bytes = (await stat(file)).size;
    size += bytes;
    await services.objects.put(`${prefix}${relative}`, createReadStream(file), {
      size: bytes,
      contentType: contentTypeOf(relative),
    });
  }
  return size;
}

export function contentTypeOf(name: string): string {
  if (name.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (name.endsWith('.ts')) return 'video/mp2t';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  return 'application/octet-stream';
}
