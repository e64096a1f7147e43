/// <reference lib="webworker" />
import { VoiceActivity } from '@sabaq/models';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { FromSpeechWorker, SpeechWorkerInit } from './speech-protocol';
import { Framer, SpeechWindow, To16k } from './speech-frames';

/**
 * Silero VAD (models/src/voice-activity.ts) on onnxruntime-web in a worker: the capture worklet's
 * samples brought to 16 kHz, cut into 32 ms frames, each frame's speech probability kept in a
 * one-second window, and every eighth frame (about 256 ms) the window's verdict sent to the page.
 */
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const REPORT_EVERY_FRAMES = 8;
const reply = (message: FromSpeechWorker) => scope.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function init(message: SpeechWorkerInit): Promise<void> {
  let vad: VoiceActivity;
  try {
    vad = new VoiceActivity(
      await ort.InferenceSession.create(message.modelUrl, { executionProviders: ['wasm'] }),
    );
  } catch (error) {
    reply({ type: 'unavailable', message: messageOf(error) });
    return;
  }
  const resample = new To16k(message.sampleRate);
  const framer = new Framer();
  const window = new SpeechWindow(message);
  let frames = 0;
  let ms = 0;
  // Blocks are handled one after another: the model is recurrent, its state goes frame to frame.
  let queue = Promise.resolve();
  message.samples.onmessage = (event: MessageEvent<Float32Array>) => {
    const block = event.data;
    queue = queue.then(async () => {
      try {
        for (const frame of framer.push(resample.push(block))) {
          const started = performance.now();
          window.push(await vad.frame(frame));
          ms = Math.max(ms, performance.now() - started);
          if (++frames % REPORT_EVERY_FRAMES === 0) {
            reply({ type: 'speech', speaking: window.speaking, peak: window.peak, at: Date.now(), ms });
            ms = 0;
          }
        }
      } catch (error) {
        reply({ type: 'error', message: messageOf(error) });
      }
    });
  };
  reply({ type: 'ready' });
}

scope.onmessage = (event: MessageEvent<SpeechWorkerInit>) => {
  if (event.data.type === 'init') void init(event.data);
};
