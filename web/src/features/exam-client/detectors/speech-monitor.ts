import type { ProctoringSettings } from '@sabaq/events';
import type { ClientSignal } from '../checks/client-checks';
import captureUrl from './speech-capture.worklet.ts?worker&url';
import { examProbe, timedOnPage } from './exam-probe';
import { SpeechVerdict, speechRule } from './speech-frames';
import type { FromSpeechWorker, SpeechWorkerInit } from './speech-protocol';

export const SPEECH_MODEL_URL = '/models/voice-activity-silero-v5.onnx';

/**
 * Speech from the microphone (speech_detector): an AudioWorklet passes the samples from the audio thread
 * straight to a worker running Silero VAD, which says four times a second whether the last second was
 * speech (speech.min_frames frames at speech.positive_threshold); speech lasting speech_tolerance is
 * posted (speech-frames.ts). The page's main thread only reads the verdicts. A model or worklet that
 * fails to load leaves the check quiet and calls `onUnavailable`.
 */
export function startSpeechMonitor(
  microphone: MediaStream,
  settings: ProctoringSettings,
  emit: (signal: ClientSignal) => void,
  onUnavailable?: (reason: string) => void,
): () => void {
  const rule = speechRule(settings);
  const verdict = new SpeechVerdict(rule.toleranceMs);
  const context = new AudioContext();
  const worker = new Worker(new URL('./speech-worker.ts', import.meta.url), { type: 'module' });
  let stopped = false;
  const unavailable = (message: string) => {
    examProbe.unavailable.push(`speech: ${message}`);
    onUnavailable?.(message);
  };
  worker.onmessage = (event: MessageEvent<FromSpeechWorker>) => {
    timedOnPage(() => {
      const message = event.data;
      if (message.type === 'unavailable') unavailable(message.message);
      else if (message.type === 'error') examProbe.detectorErrors.push(`speech: ${message.message}`);
      else if (message.type === 'speech') {
        examProbe.speechPeaks.push(Number(message.peak.toFixed(2)));
        examProbe.inferenceMs = Math.max(examProbe.inferenceMs, message.ms);
        for (const signal of verdict.update(message.speaking, message.peak, message.at)) emit(signal);
      }
    });
  };

  void (async () => {
    await context.audioWorklet.addModule(captureUrl);
    if (stopped) return;
    const capture = new AudioWorkletNode(context, 'sabaq-speech-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    // Pulled by the destination through a silent gain, so the audio thread renders it in every browser.
    const silent = context.createGain();
    silent.gain.value = 0;
    context.createMediaStreamSource(microphone).connect(capture).connect(silent).connect(context.destination);
    const channel = new MessageChannel();
    capture.port.postMessage({ samples: channel.port1 }, [channel.port1]);
    const init: SpeechWorkerInit = {
      type: 'init',
      modelUrl: new URL(SPEECH_MODEL_URL, location.href).href,
      sampleRate: context.sampleRate,
      threshold: rule.threshold,
      minFrames: rule.minFrames,
      samples: channel.port2,
    };
    worker.postMessage(init, [channel.port2]);
    await context.resume();
  })().catch((error: unknown) => unavailable(error instanceof Error ? error.message : String(error)));

  return () => {
    stopped = true;
    for (const signal of verdict.close(Date.now())) emit(signal);
    worker.terminate();
    void context.close();
  };
}
