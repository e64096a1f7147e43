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

/** The analyzer needs ffmpeg (to decode recordings) and every model of models/manifest.json. */
export function analyzerReadiness(env: NodeJS.ProcessEnv = process.env): Readiness {
  const tools = ffmpegReadiness(env.PATH);
  const missingModels = manifest()
    .filter((m) => !modelAvailable(m.id))
    .map((m) => m.id);
  const problems = [
    ...(tools.ready ? [] : [tools.detail]),
    ...(missingModels.length > 0
      ? [`models missing: ${missingModels.join(', ')} (node models/scripts/fetch-models.mjs)`]
      : []),
  ];
  if (problems.length > 0) return { ready: false, detail: `${problems.join('; ')}; AI re-analysis is off` };
  return { ready: true, detail: `${manifest().length} models present; ${tools.detail}` };
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
