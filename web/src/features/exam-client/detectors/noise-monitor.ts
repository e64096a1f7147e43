import type { ProctoringSettings } from '@sabaq/events';
import type { ClientSignal } from '../checks/client-checks';
import { Condition, toleranceOf } from '../checks/condition';
import { examProbe } from './exam-probe';

/** Loudness is looked at ten times a second. */
const NOISE_TICK_MS = 100;

/**
 * The loudness (RMS in dBFS) above which a moment counts as noisy. `noise_sensitivity` (0–100, default
 * 10) lowers it: 0 → −20 dBFS (only shouting), 100 → −60 dBFS (a whisper).
 */
export function noiseThresholdDb(sensitivity: unknown): number {
  const s =
    typeof sensitivity === 'number' && Number.isFinite(sensitivity)
      ? Math.min(100, Math.max(0, sensitivity))
      : 10;
  return -20 - (s / 100) * 40;
}

export function rmsDb(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
}

/**
 * Noise from the microphone (an AnalyserNode: no audio leaves the page): loud over the threshold for
 * `noise_tolerance.time` posts `noise`, again every such time while it lasts.
 */
export function startNoiseMonitor(
  microphone: MediaStream,
  settings: ProctoringSettings,
  emit: (signal: ClientSignal) => void,
): () => void {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(microphone).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const threshold = noiseThresholdDb(settings.noise_sensitivity);
  const noisy = new Condition(toleranceOf(settings.noise_tolerance?.time));
  let loudest = -Infinity;
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const db = rmsDb(samples);
    examProbe.loudestDb = Math.max(examProbe.loudestDb, db);
    loudest = db > threshold ? Math.max(loudest, db) : loudest;
    for (const condition of noisy.update(db > threshold, Date.now())) {
      emit({ action_type: 'noise', description: `${Math.round(loudest)} dBFS`, condition });
      if (condition.phase === 'end') loudest = -Infinity;
    }
  }, NOISE_TICK_MS);
  return () => {
    clearInterval(timer);
    for (const condition of noisy.close(Date.now()))
      emit({ action_type: 'noise', description: `${Math.round(loudest)} dBFS`, condition });
    void context.close();
  };
}
