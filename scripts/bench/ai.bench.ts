/**
 * `npm run bench -- ai`: the server's re-analysis on the accuracy video (services/src/contexts/analysis/
 * test-video.ts: real pictures and sound with known segments), against ffmpeg decoding the same video
 * and doing nothing else, in the same run.
 * - `analysis_x_realtime`: seconds of recording analysed per second (frames at 2/s with face, pose and
 *   identity, prohibited objects every 2 s; voice activity and loudness on every second), against
 *   decode-only's multiple of real time
 *   (target: ≥ 20× real time, and ratio ≥ 1/3, i.e. within 3× of decode-only);
 * - `<type>_precision` / `<type>_recall`: per detector over the known segments (an interval found in a
 *   segment that expects its type is a hit; one inside a segment that does not is a false alarm).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeRecording } from '../../services/src/contexts/analysis/analyze-recording';
import { analysisSettings } from '../../services/src/contexts/analysis/settings';
import { composeAccuracyVideo } from '../../services/src/contexts/analysis/test-video';
import { SERVER_VIOLATION_TYPES } from '../../events/src/contexts/analysis';
import { loadPicture, testPicturePath } from '../../models/test/media';
import { hostInfo } from './host';
import { record, type Figure } from './record';

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-bench-ai-'));
  try {
    const video = path.join(dir, 'exam.webm');
    const segments = composeAccuracyVideo(video);
    const duration = segments.at(-1)!.end;

    const decodeStart = performance.now();
    execFileSync('ffmpeg', ['-v', 'error', '-i', video, '-f', 'null', '-']);
    const decodeSeconds = (performance.now() - decodeStart) / 1000;

    const settings = analysisSettings(null);
    const identityPhoto = loadPicture(testPicturePath('astronaut'), 256);
    // Warm the models once (session creation is not per recording).
    await analyzeRecording({ input: video, settings, identityPhoto });
    const start = performance.now();
    const result = await analyzeRecording({ input: video, settings, identityPhoto });
    const analysisSeconds = (performance.now() - start) / 1000;

    const round = (n: number) => Math.round(n * 100) / 100;
    const figures: Figure[] = [
      {
        bench: 'ai',
        metric: 'analysis_x_realtime',
        value: round(duration / analysisSeconds),
        unit: '× real time',
        baseline: round(duration / decodeSeconds),
        ratio: round(decodeSeconds / analysisSeconds),
      },
    ];
    for (const type of SERVER_VIOLATION_TYPES) {
      const expected = segments.filter((s) => s.expect.includes(type));
      const clean = segments.filter((s) => !s.expect.includes(type));
      const found = result.intervals.filter((i) => i.type === type);
      const hits = expected.filter((s) => found.some((i) => i.end > s.start && i.start < s.end)).length;
      const falseAlarms = found.filter((i) =>
        clean.some(
          (s) =>
            i.end > s.start + 2 &&
            i.start < s.end - 2 &&
            !expected.some((e) => i.start < e.end && i.end > e.start),
        ),
      ).length;
      if (expected.length === 0 && found.length === 0) continue;
      figures.push(
        {
          bench: 'ai',
          metric: `${type}_precision`,
          value: hits + falseAlarms === 0 ? 0 : round(hits / (hits + falseAlarms)),
          unit: 'share',
          baseline: 1,
          ratio: null,
        },
        {
          bench: 'ai',
          metric: `${type}_recall`,
          value: expected.length === 0 ? 0 : round(hits / expected.length),
          unit: 'share',
          baseline: 1,
          ratio: null,
        },
      );
    }
    record(figures, {
      ...hostInfo(),
      video_seconds: duration,
      frames: result.frames,
      fps: settings.framesPerSecond,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
