/**
 * The microphone's samples handed to the speech worker from the audio rendering thread (an
 * AudioWorklet): the page's main thread never touches them. Blocks of 128 samples are gathered into
 * 2,048 (about 43 ms at 48 kHz) and transferred through the MessagePort the page gave.
 */
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

const BLOCK = 2_048;

class SpeechCapture extends AudioWorkletProcessor {
  private out: MessagePort | undefined;
  private buffer = new Float32Array(BLOCK);
  private filled = 0;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ samples: MessagePort }>) => {
      this.out = event.data.samples;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel || !this.out) return true;
    let at = 0;
    while (at < channel.length) {
      const n = Math.min(channel.length - at, BLOCK - this.filled);
      this.buffer.set(channel.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === BLOCK) {
        this.out.postMessage(this.buffer, [this.buffer.buffer]);
        this.buffer = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('sabaq-speech-capture', SpeechCapture);
// A module of its own: these declarations stay out of the app's global scope.
export {};
