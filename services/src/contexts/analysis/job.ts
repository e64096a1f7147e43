import { Readable } from 'node:stream';
import type { NewEvent } from '@sabaq/events';
import { withTables } from '../../platform/read-models/database';
import type { ContextServices } from '../../platform/context';
import { assignmentsFacts } from '../proctoring/assignments-lookup';
import { analyzeRecording, modelVersions } from './analyze-recording';
import { DETECTOR_MODELS, detectorOutcomes, missingModels } from './detectors';
import { analysisStream, derive, thumbKey } from './ids';
import { MediaReadError } from './media-input';
import { decodePicture, encodeJpeg, joinedSegments, segmentKeys } from './recording-source';
import { analysisSettings } from './settings';
import { TABLES, type AnalysisTables } from './tables';

export interface AnalysisJob {
  id: string;
  session_id: string;
  run: number;
  school_id: string | null;
}

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

/** A job that cannot succeed, with the reason its failure event carries. */
class JobFailure extends Error {}

/**
 * Runs one analysis: the converted recording is streamed from object storage through ffmpeg into the
 * detectors, with the assignment's proctoring settings and the student's identity photo (the screenshot
 * of their attempt's identity_verified action, when there is one). Progress events go out as it runs;
 * the violations and the completion are appended in one batch at the end, with ids derived from the job,
 * so a run that crashed half way and starts over appends nothing twice.
 */
export async function runAnalysisJob(services: Services, job: AnalysisJob): Promise<void> {
  const stream = analysisStream(job.session_id);
  const metadata = () => ({
    occurredAt: services.clock().toISOString(),
    ...(job.school_id ? { schoolId: job.school_id } : {}),
  });
  const event = (type: string, key: string, data: Record<string, unknown>): NewEvent => ({
    id: derive('analysis-event', job.id, key),
    type,
    data: { session_id: job.session_id, run: job.run, ...data },
    metadata: metadata(),
  });
  const append = (events: NewEvent[]) => services.store.append(stream, events, { expectedVersion: 'any' });

  const session = await withTables<AnalysisTables>(services.db)
    .selectFrom(TABLES.sessions)
    .selectAll()
    .where('id', '=', job.session_id)
    .executeTakeFirst();
  try {
    if (!session) throw new JobFailure('The recording session is unknown');
    if (session.erased) throw new JobFailure('The recording was erased');
    if (!session.playlist_key) throw new JobFailure('The recording is not converted');
    const subject = {
      assignment_id: session.assignment_id,
      assignment_attempt_id: session.assignment_attempt_id,
      student_id: session.user_id,
    };
    const duration = session.duration === null ? null : Number(session.duration);
    // A model missing from this machine leaves its detectors out; the report names them as not run.
    const missing = new Set<string>(missingModels().optional);
    const usable = (type: keyof typeof DETECTOR_MODELS) =>
      DETECTOR_MODELS[type].every((m) => !missing.has(m));
    await append([
      event('AiAnalysisStarted', 'started', { ...subject, models: modelVersions(missing), duration }),
    ]);

    const facts = session.assignment_id
      ? (await assignmentsFacts(services.db, [String(session.assignment_id)])).get(
          String(session.assignment_id),
        )
      : undefined;
    const keys = await segmentKeys(services.objects, String(session.playlist_key)).catch((error: Error) => {
      throw new JobFailure(`The recording could not be read: ${error.message}`);
    });
    const reported = new Set<number>();
    const progress: Promise<unknown>[] = [];
    const result = await analyzeRecording({
      input: joinedSegments(services.objects, keys),
      audioInput: joinedSegments(services.objects, keys),
      settings: analysisSettings(facts?.settings ?? null),
      identityPhoto: usable('face_mismatch')
        ? await identityPhoto(services, session.assignment_attempt_id)
        : null,
      objects: usable('prohibited_objects'),
      eyes: usable('eye_away'),
      voice: usable('speech'),
      onProgress: ({ analysedSeconds }) => {
        if (!duration) return;
        // Progress in steps of 10 %, each an event whose id names its step (a restart repeats none).
        const step = Math.min(90, Math.floor((analysedSeconds / duration) * 10) * 10);
        if (step <= 0 || reported.has(step)) return;
        reported.add(step);
        progress.push(append([event('AiAnalysisProgressed', `progress:${step}`, { percent: step })]));
      },
    }).catch((error: Error) => {
      // The media being unreadable fails the run for good; anything else (storage, the machine) is
      // thrown, and the job is taken again once its lease runs out.
      if (error instanceof MediaReadError)
        throw new JobFailure(`The recording could not be analysed: ${error.message}`);
      throw error;
    });
    await Promise.all(progress);

    const detected: NewEvent[] = [];
    for (const [index, interval] of result.intervals.entries()) {
      const picture = result.thumbnails.get(index);
      let thumb: string | null = null;
      if (picture) {
        thumb = thumbKey(job.session_id, job.run, index);
        const jpeg = await encodeJpeg(picture);
        await services.objects.put(thumb, Readable.from([jpeg]), {
          size: jpeg.length,
          contentType: 'image/jpeg',
        });
      }
      const { samples: _samples, ...found } = interval;
      detected.push(
        event('AiViolationDetected', `violation:${index}`, {
          ...subject,
          ...found,
          models: result.models,
          thumb_key: thumb,
        }),
      );
    }
    await append([
      ...detected,
      event('AiAnalysisCompleted', 'result', {
        frames: result.frames,
        audio_seconds: result.audioSeconds,
        violations: detected.length,
        detectors: detectorOutcomes({ missing, identity: result.identity, audio: result.audioSeconds > 0 }),
      }),
    ]);
  } catch (error) {
    if (!(error instanceof JobFailure)) throw error;
    await append([event('AiAnalysisFailed', 'failed', { reason: error.message.slice(0, 2000) })]);
  }
}

/**
 * The run's failure, for one that passed its time limit (platform/jobs/leased-job-worker.ts). Its id is
 * the one a failing run would append, so the failure is recorded once.
 */
export async function failAnalysisJob(services: Services, job: AnalysisJob, reason: string): Promise<void> {
  await services.store.append(
    analysisStream(job.session_id),
    [
      {
        id: derive('analysis-event', job.id, 'failed'),
        type: 'AiAnalysisFailed',
        data: { session_id: job.session_id, run: job.run, reason },
        metadata: {
          occurredAt: services.clock().toISOString(),
          ...(job.school_id ? { schoolId: job.school_id } : {}),
        },
      },
    ],
    { expectedVersion: 'any' },
  );
}

/** The identity photo the student took at the start of the attempt, decoded; null when there is none. */
async function identityPhoto(services: Services, attemptId: unknown) {
  if (typeof attemptId !== 'string') return null;
  const row = await withTables<AnalysisTables>(services.db)
    .selectFrom('proctoring_actions')
    .select(['screenshots'])
    .where('assignment_attempt_id', '=', attemptId)
    .where('action_type', '=', 'identity_verified')
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
  const keys = row?.screenshots ?? [];
  if (!keys[0]) return null;
  return decodePicture(await services.objects.get(keys[0])).catch(() => null);
}
