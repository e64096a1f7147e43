import { loudnessDbfs, VAD_FRAME, VoiceActivity, type ModelSession } from '@sabaq/models/node';
import type { AudioSignal } from './anomalies';
import { audioSeconds, type RecordingInput } from './media-input';

export interface HearOptions {
  input: RecordingInput;
  /** The voice model's session; null: loudness only (the model is missing or not wanted). */
  vadSession: ModelSession | null;
  /** A second quieter than this (dBFS) is not given to the voice model (settings.voiceGateDbfs). */
  gateDbfs: number;
  /** Counts of seconds the voice model heard and seconds the gate kept from it. */
  heard: { ran: number; gated: number };
  /** Wraps each call of the voice model (its cost is counted by the caller). */
  timed: (run: () => Promise<number>) => Promise<number>;
  onSecond: (second: AudioSignal) => Promise<void>;
}

/**
 * The sound of a recording, one second after another: its loudness, and the voice model's speech
 * probability per 32-ms frame. Seconds are heard strictly in order (the model is recurrent), so what it
 * answers depends only on the sound.
 */
export async function hearSeconds(options: HearOptions): Promise<void> {
  const { vadSession, heard } = options;
  let vad = vadSession ? new VoiceActivity(vadSession) : null;
  let wasSilent = false;
  try {
    for await (const second of audioSeconds(options.input)) {
      const speech: number[] = [];
      const loudness = loudnessDbfs(second.samples);
      // The cascade: a silent second is not given to the voice model (it holds no speech); the model
      // starts afresh after it, as it would on a recording that began there.
      const silent = loudness < options.gateDbfs;
      if (vad && silent) {
        heard.gated += 1;
        speech.push(...new Array<number>(Math.floor(second.samples.length / VAD_FRAME)).fill(0));
        if (!wasSilent) vad = new VoiceActivity(vadSession!);
      } else if (vad) heard.ran += 1;
      wasSilent = silent;
      for (let at = 0; vad && !silent && at + VAD_FRAME <= second.samples.length; at += VAD_FRAME) {
        const samples = second.samples.subarray(at, at + VAD_FRAME);
        speech.push(await options.timed(() => vad!.frame(samples)));
      }
      await options.onSecond({ t: second.t, speech, loudnessDbfs: loudness });
    }
  } catch (error) {
    // A recording without sound (a screen capture) has nothing to hear; anything else is a failure.
    if (
      !/does not contain any stream|matches no streams|Output file .* does not contain/i.test(String(error))
    )
      throw error;
  }
}
