/** Messages between the page and the speech detector's worker. */
export interface SpeechWorkerInit {
  type: 'init';
  /** Silero VAD v5 (voice-activity-silero-v5). */
  modelUrl: string;
  /** The AudioContext's rate of the samples that come through `samples`. */
  sampleRate: number;
  threshold: number;
  minFrames: number;
  /** The capture worklet's other end: blocks of mono samples, straight from the audio thread. */
  samples: MessagePort;
}

export type FromSpeechWorker =
  | { type: 'ready' }
  /** About four times a second: whether the last second was speech, and its strongest frame. */
  | { type: 'speech'; speaking: boolean; peak: number; at: number; ms: number }
  | { type: 'unavailable'; message: string }
  | { type: 'error'; message: string };
