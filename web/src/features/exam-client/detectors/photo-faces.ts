import type { FromPhotoWorker, ToPhotoWorker } from './photo-protocol';

/** Counts faces on photos in a worker started on first use; `close` ends it. */
export interface PhotoFaceCounter {
  /** The faces on the photo; null when the detector could not run (the server still checks). */
  count(photo: string): Promise<number | null>;
  close(): void;
}

export function photoFaceCounter(minScore: number): PhotoFaceCounter {
  let worker: Worker | undefined;
  let next = 0;
  const waiting = new Map<number, (faces: number | null) => void>();
  const start = () => {
    const started = new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<FromPhotoWorker>) => {
      waiting.get(event.data.id)?.(event.data.faces);
      waiting.delete(event.data.id);
    };
    started.onerror = () => {
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    };
    return started;
  };
  return {
    count(photo) {
      worker ??= start();
      const id = (next += 1);
      const message: ToPhotoWorker = {
        id,
        modelUrl: new URL('/models/face-detect-rfb320.onnx', location.href).href,
        minScore,
        photo,
      };
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker!.postMessage(message);
      });
    },
    close() {
      worker?.terminate();
      worker = undefined;
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    },
  };
}
