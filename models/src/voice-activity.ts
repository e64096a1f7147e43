import { float32, int64, outputOf, type ModelSession } from './runtime';

export const VAD_SAMPLE_RATE = 16_000;
/** Samples per frame of Silero VAD v5 at 16 kHz: 32 ms. */
export const VAD_FRAME = 512;
/**
 * Samples of the previous frame that Silero VAD v5 reads before each frame at 16 kHz (its reference
 * wrapper, silero_vad/utils_vad.py, prepends them: the model's input is 576 samples). Without them the
 * model hears each frame's start as a cut: on flite speech its first second had 2 frames of 31 at
 * probability ≥ 0.9 instead of 21, and speech over noise or music half as many (docs/ai-analysis.md).
 */
export const VAD_CONTEXT = 64;

/**
 * Speech probability per 32 ms frame of mono 16 kHz audio (manifest id voice-activity-silero-v5). The
 * model is recurrent: its state is carried from frame to frame, so one detector follows one stream.
 */
export class VoiceActivity {
  private state = new Float32Array(2 * 128);
  private context = new Float32Array(VAD_CONTEXT);

  constructor(private readonly session: ModelSession) {}

  async frame(samples: Float32Array): Promise<number> {
    if (samples.length !== VAD_FRAME) throw new Error(`a frame is ${VAD_FRAME} samples`);
    const input = new Float32Array(VAD_CONTEXT + VAD_FRAME);
    input.set(this.context);
    input.set(samples, VAD_CONTEXT);
    this.context = samples.slice(VAD_FRAME - VAD_CONTEXT);
    const result = await this.session.run({
      input: float32(input, [1, VAD_CONTEXT + VAD_FRAME]),
      state: float32(this.state, [2, 1, 128]),
      sr: int64(BigInt(VAD_SAMPLE_RATE)),
    });
    this.state = Float32Array.from(outputOf(result, 'stateN'));
    return outputOf(result, 'output')[0]!;
  }

  /** Probabilities of every whole frame of `audio`. */
  async frames(audio: Float32Array): Promise<number[]> {
    const out: number[] = [];
    for (let at = 0; at + VAD_FRAME <= audio.length; at += VAD_FRAME) {
      out.push(await this.frame(audio.subarray(at, at + VAD_FRAME)));
    }
    return out;
  }
}

/** Loudness of a window in dBFS (0 is full scale; silence tends to −∞, capped at −120). */
export function loudnessDbfs(samples: Float32Array): number {
  if (samples.length === 0) return -120;
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / samples.length);
  return rms > 1e-6 ? Math.max(-120, 20 * Math.log10(rms)) : -120;
}
