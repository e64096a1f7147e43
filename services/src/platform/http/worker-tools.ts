import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { manifest, modelAvailable } from '@sabaq/models/node';
import type { HealthChecks } from './health';

/** Whether a worker of this process can do its work, and in words what it has or what is missing. */
export interface Readiness {
  ready: boolean;
  detail: string;
}

/** The executable `command` as the workers would find it on PATH, or null. */
export function findOnPath(command: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this directory: the next one.
    }
  }
  return null;
}

const FETCH_HINT = 'node models/scripts/fetch-models.mjs';
const FFMPEG_HINT = 'install the Debian package ffmpeg (node scripts/bootstrap.mjs start does it as root)';

function ffmpegReadiness(searchPath: string | undefined): Readiness {
  const found = ['ffmpeg', 'ffprobe'].map((tool) => ({ tool, at: findOnPath(tool, searchPath) }));
  const missing = found.filter((f) => f.at === null).map((f) => f.tool);
  if (missing.length > 0) {
    return { ready: false, detail: `${missing.join(' and ')} not found on PATH: ${FFMPEG_HINT}` };
  }
  return { ready: true, detail: found.map((f) => `${f.tool} ${f.at}`).join(', ') };
}

/** The transcoder needs ffmpeg and ffprobe: without them recordings are never converted. */
export function transcoderReadiness(env: NodeJS.ProcessEnv = process.env): Readiness {
  const tools = ffmpegReadiness(env.PATH);
  return tools.ready ? tools : { ready: false, detail: `${tools.detail}; recordings are not converted` };
}

/**
 * The analyzer needs ffmpeg (to decode recordings) and the models the manifest marks `analyzer:
 * "required"` (face detection, landmarks, head pose): without one of them it does not start, so it is
 * down. An `optional` model missing leaves out only its detectors (the run goes on and its report names
 * them as not run, docs/ai-analysis.md), so the analyzer is up and the detail says what it lacks.
 * Models the analyzer does not use (the browser's fallback detector) are not its concern.
 */
export function analyzerReadiness(
  env: NodeJS.ProcessEnv = process.env,
  available: (id: string) => boolean = modelAvailable,
): Readiness {
  const tools = ffmpegReadiness(env.PATH);
  const models = manifest().filter((m) => m.analyzer !== undefined);
  const missing = (role: 'required' | 'optional') =>
    models.filter((m) => m.analyzer === role && !available(m.id)).map((m) => m.id);
  const required = missing('required');
  const optional = missing('optional');
  const problems = [
    ...(tools.ready ? [] : [tools.detail]),
    ...(required.length > 0 ? [`required models missing: ${required.join(', ')} (${FETCH_HINT})`] : []),
  ];
  if (problems.length > 0) return { ready: false, detail: `${problems.join('; ')}; AI re-analysis is off` };
  const present = `${models.length - optional.length} of ${models.length} models present`;
  if (optional.length === 0) return { ready: true, detail: `${present}; ${tools.detail}` };
  return {
    ready: true,
    detail:
      `${present}; optional models missing: ${optional.join(', ')}: their detectors are reported as ` +
      `not run (${FETCH_HINT}); ${tools.detail}`,
  };
}

/**
 * /health entries for the workers this process runs (TRANSCODER / ANALYZER not `off`): `down` with what
 * is missing, so the status page says why recordings stay unconverted instead of leaving it to the log.
 */
export function registerWorkerTools(health: HealthChecks, env: NodeJS.ProcessEnv = process.env): void {
  const probe = (readiness: () => Readiness) => async () => {
    const { ready, detail } = readiness();
    if (!ready) throw new Error(detail);
    return detail;
  };
  if (env.TRANSCODER !== 'off')
    health.register(
      'transcoder',
      'ffmpeg',
      probe(() => transcoderReadiness(env)),
    );
  if (env.ANALYZER !== 'off')
    health.register(
      'analyzer',
      'onnxruntime',
      probe(() => analyzerReadiness(env)),
    );
}
