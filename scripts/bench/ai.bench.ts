/**
 * `npm run bench -- ai`: the server's re-analysis on the accuracy video (services/src/contexts/analysis/
 * test-video.ts: real pictures and sound with known segments), against ffmpeg decoding the same video
 * and doing nothing else, in the same run.
 * - `analysis_x_realtime_core`: seconds of recording analysed per second with face, pose and identity
 *   on frames at 2/s and voice activity and loudness on every second, the object detector and the
 *   eyes off (targets: ≥ 20× real time);
 * - `analysis_x_realtime_core_eyes`: the same with the eyes-away check (the iris model, once a second),
 *   so that what the eyes cost shows beside the core figure rather than inside it;
 * - `analysis_x_realtime_full`: the whole pipeline, prohibited objects included, as the analyzer runs it
 *   (adaptive object looks, object-looks.ts) (target: ratio ≥ 1/3, i.e. within 3× of decode-only);
 * - `analysis_x_realtime_full_before`: the same without the cascade (no reuse of an unchanged region's
 *   pose, similarity or eye reading, every second given to the voice model, objects at their 512 input),
 *   measured in the same run for before and after;
 *   each with decode-only's multiple of real time as baseline and decode-only time / analysis time as ratio;
 * - `analysis_cpu_x_realtime_<name>`: seconds of recording per CPU second (all threads, ffmpeg included),
 *   against decode-only's: what a run costs whatever else loads the machine (2 cores give at most twice);
 * - `<model>_ms_per_frame`: milliseconds each model computed per sampled frame in the full run (the face
 *   models: their runs in the onnx workers; objects: its looks, wall, one at a time, spread over all
 *   frames; eyes: what the iris worker computed per reading, two eyes a call, and per sampled frame),
 *   `voice_activity_ms_per_second` per second of audio;
 * - the cascade per detector (docs/ai-analysis.md, "The cascade"): `<detector>_looked_frames`
 *   (`voice_activity_looked_seconds`), what it ran on against what it had to answer for, and
 *   `<detector>_time_share`, its share of the models' time in the full run; the host block's `detectors`
 *   has both with the milliseconds and what the run without the cascade looked at;
 * - `<recording>.<type>.precision` / `.recall`: per detector on each accuracy recording
 *   (services/src/contexts/analysis/accuracy/recordings.ts; `segments` is the video above, from its full
 *   run), over time with a 1-s collar (accuracy/score.ts); `all.<type>.*` pooled over the recordings.
 *   A precision is left out where the detector reported nothing, a recall where the recording holds no
 *   such truth.
 * `npm run bench -- ai --accuracy-only` skips the speed runs and records only the accuracy figures
 * (a run on a machine too loaded for speed figures to mean anything).
 * Each configuration runs twice, alternating, and keeps its faster run: other work on a shared machine
 * only ever slows a run down. The machine's 1-minute load average at the start is recorded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyzeRecording,
  type AnalysisResult,
  type AnalyzeOptions,
} from '../../services/src/contexts/analysis/analyze-recording';
import { analysisSettings } from '../../services/src/contexts/analysis/settings';
import { composeAccuracyVideo, composeVideo } from '../../services/src/contexts/analysis/test-video';
import { ACCURACY_RECORDINGS } from '../../services/src/contexts/analysis/accuracy/recordings';
import {
  pooledScores,
  scoreDetectors,
  type DetectorScore,
} from '../../services/src/contexts/analysis/accuracy/score';
import { loadPicture, testPicturePath } from '../../models/test/media';
import { hostInfo } from './host';
import { record, type Figure } from './record';

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * CPU seconds used so far by this process (all its threads) and its finished children (ffmpeg), from
 * /proc (clock ticks of 1/100 s): what a run costs whatever else the machine is doing.
 */
function cpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of proc(5): utime, stime, cutime, cstime (index 11–14 after the command name).
  return fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0) / 100;
}

async function main(): Promise<void> {
  const accuracyOnly = process.argv.includes('--accuracy-only');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabaq-bench-ai-'));
  try {
    const video = path.join(dir, 'exam.webm');
    const segments = composeAccuracyVideo(video);
    const duration = segments.at(-1)!.end;
    const loadAtStart = round(os.loadavg()[0]!);

    const decodeOnly = () => {
      const start = performance.now();
      const cpu = cpuSeconds();
      execFileSync('ffmpeg', ['-v', 'error', '-i', video, '-f', 'null', '-']);
      return { seconds: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu };
    };

    const identityPhoto = loadPicture(testPicturePath('astronaut'), 256);
    const adaptive = analysisSettings(null);
    const configurations: Record<string, Omit<AnalyzeOptions, 'input'>> = {
      core: { settings: adaptive, identityPhoto, objects: false, eyes: false },
      core_eyes: { settings: adaptive, identityPhoto, objects: false },
      full: { settings: adaptive, identityPhoto },
      // The pipeline before the cascade, in the same run: no reuse of unchanged regions' answers, every
      // second given to the voice model, the object detector at its 512 input.
      full_before: {
        settings: {
          ...adaptive,
          reuseMaxAgeFrames: -1,
          faceReuseMaxAgeFrames: -1,
          voiceGateDbfs: Number.NEGATIVE_INFINITY,
          objectInputSize: 512,
        },
        identityPhoto,
      },
    };
    // Warm the models once (sessions and the detector's worker are created once per process).
    const warm = await analyzeRecording({ input: video, ...configurations.full! });

    const best = new Map<string, { seconds: number; cpu: number; result: AnalysisResult }>();
    const decodes: { seconds: number; cpu: number }[] = [];
    for (let round = 0; round < (accuracyOnly ? 0 : 2); round++) {
      decodes.push(decodeOnly());
      for (const [name, options] of Object.entries(configurations)) {
        const start = performance.now();
        const cpu = cpuSeconds();
        const result = await analyzeRecording({ input: video, ...options });
        const seconds = (performance.now() - start) / 1000;
        const run = { seconds, cpu: cpuSeconds() - cpu, result };
        if (!best.has(name) || seconds < best.get(name)!.seconds) best.set(name, run);
      }
    }
    const decodeSeconds = Math.min(...decodes.map((d) => d.seconds));
    const decodeCpu = Math.min(...decodes.map((d) => d.cpu));

    const figures: Figure[] = [];
    for (const [name, { seconds, cpu }] of best) {
      figures.push(
        {
          bench: 'ai',
          metric: `analysis_x_realtime_${name}`,
          value: round(duration / seconds),
          unit: '× real time',
          baseline: round(duration / decodeSeconds),
          ratio: round(decodeSeconds / seconds),
        },
        {
          bench: 'ai',
          metric: `analysis_cpu_x_realtime_${name}`,
          value: round(duration / cpu),
          unit: '× real time per core',
          baseline: round(duration / decodeCpu),
          ratio: round(decodeCpu / cpu),
        },
      );
    }

    // --accuracy-only: the warm-up's full run is the one scored, and no speed figure is recorded.
    const full = best.get('full')?.result ?? warm;
    const before = best.get('full_before')?.result;
    for (const [model, cost] of accuracyOnly ? [] : Object.entries(full.costs)) {
      const perSecond = model === 'voice-activity';
      figures.push({
        bench: 'ai',
        metric: `${model.replaceAll('-', '_')}_ms_per_${perSecond ? 'second' : 'frame'}`,
        value: round(cost.ms / (perSecond ? full.audioSeconds : full.frames)),
        unit: 'ms',
        baseline: null,
        ratio: null,
      });
    }
    const eyes = full.costs.eyes;
    if (eyes && !accuracyOnly) {
      figures.push({
        bench: 'ai',
        metric: 'eyes_ms_per_reading',
        value: round(eyes.ms / eyes.runs),
        unit: 'ms',
        baseline: null,
        ratio: null,
      });
    }
    // The cascade, per detector: what it looked at (against what it had to answer for), and its share
    // of the models' time (costs: the face models' and the iris' computing in their workers, the voice
    // model's and the objects' calls).
    const modelMs = Object.values(full.costs).reduce((sum, c) => sum + c.ms, 0);
    const detectors: Record<
      string,
      { looked: number; of: number; ms: number; share: number; before_looked?: number }
    > = {};
    for (const [name, { looked, of }] of accuracyOnly ? [] : Object.entries(full.cascade)) {
      const ms = full.costs[name]?.ms ?? 0;
      const share = modelMs > 0 ? round(ms / modelMs) : 0;
      detectors[name] = { looked, of, ms: round(ms), share, before_looked: before?.cascade[name]?.looked };
      const key = name.replaceAll('-', '_');
      figures.push(
        {
          bench: 'ai',
          metric: `${key}_looked_${name === 'voice-activity' ? 'seconds' : 'frames'}`,
          value: looked,
          unit: name === 'voice-activity' ? 'seconds' : 'frames',
          baseline: of,
          ratio: of > 0 ? round(looked / of) : null,
        },
        {
          bench: 'ai',
          metric: `${key}_time_share`,
          value: share,
          unit: "share of the models' time",
          baseline: null,
          ratio: null,
        },
      );
    }
    const landmarks = full.costs['face-landmarks'];
    if (landmarks && modelMs > 0)
      detectors['face-landmarks'] = {
        looked: landmarks.runs,
        of: full.frames,
        ms: round(landmarks.ms),
        share: round(landmarks.ms / modelMs),
      };

    // Accuracy: every recording analysed once as the analyzer runs it (the first one's full run reused).
    const scores = new Map<string, DetectorScore[]>();
    const truthSeconds: Record<string, number> = {};
    for (const recording of ACCURACY_RECORDINGS) {
      if (recording.name === 'segments') {
        scores.set(recording.name, scoreDetectors(segments, full.intervals));
        truthSeconds[recording.name] = duration;
        continue;
      }
      const file = path.join(dir, `${recording.name}.webm`);
      const timed = composeVideo(file, recording.segments());
      const result = await analyzeRecording({
        input: file,
        ...configurations.full!,
        identityPhoto: recording.identityPhoto(),
      });
      scores.set(recording.name, scoreDetectors(timed, result.intervals));
      truthSeconds[recording.name] = timed.at(-1)!.end;
    }
    scores.set('all', pooledScores([...scores.values()]));
    for (const [name, detectors] of scores) {
      for (const score of detectors) {
        for (const key of ['precision', 'recall'] as const) {
          const value = score[key];
          if (value === null) continue;
          figures.push({
            bench: 'ai',
            metric: `${name}.${score.type}.${key}`,
            value,
            unit: key === 'precision' ? 'share of reported seconds' : 'share of true seconds',
            baseline: 1,
            ratio: null,
          });
        }
      }
    }
    record(figures, {
      ...hostInfo(),
      load_avg_1m_at_start: loadAtStart,
      video_seconds: duration,
      accuracy_recording_seconds: truthSeconds,
      frames: full.frames,
      fps: adaptive.framesPerSecond,
      decode_only_seconds: accuracyOnly ? null : round(decodeSeconds),
      seconds: Object.fromEntries([...best].map(([name, b]) => [name, round(b.seconds)])),
      cpu_seconds: Object.fromEntries([...best].map(([name, b]) => [name, round(b.cpu)])),
      detectors,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
