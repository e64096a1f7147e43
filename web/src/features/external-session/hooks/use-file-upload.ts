import { useCallback, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { externalApi, newRecordingId, uploadParamsOf, type SessionType } from '../api/external-api';
import { manifestOfPieces, planPieces } from '../model/file-pieces';

export type FileUpload =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'sent' }
  | { kind: 'failed'; reason: string };

/** The file's duration as the browser reads it; MediaRecorder's WebM often says nothing (Infinity). */
function durationOf(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    setTimeout(() => done(null), 5_000);
    video.src = url;
  });
}

/** One multipart POST with the session's signed fields, reporting the bytes as they leave. */
function post(
  endpoint: string,
  fields: Record<string, string>,
  name: string,
  blob: Blob,
  onBytes: (sent: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', blob, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpoint);
    xhr.upload.onprogress = (event) => onBytes(event.loaded);
    xhr.onload = () => {
      if (xhr.status < 300) return resolve();
      let message = `${xhr.status}`;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {
        // Not the platform's JSON: the status says enough.
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

/**
 * Sends a recording file for the link's attempt: a new session of the chosen type, the file whole (or a
 * big WebM in pieces) through its signed params, then the playlist, which starts the conversion.
 */
export function useFileUpload(token: string) {
  const [upload, setUpload] = useState<FileUpload>({ kind: 'idle' });
  const send = useCallback(
    async (file: File, sessionType: SessionType, tooBig: string) => {
      const plan = planPieces(file.size, file.type, await durationOf(file));
      if (!plan.ok) return setUpload({ kind: 'failed', reason: plan.error === 'too-big' ? tooBig : 'empty' });
      setUpload({ kind: 'sending', percent: 0 });
      try {
        const session = await externalApi.openSession(token, newRecordingId(), sessionType);
        const params = uploadParamsOf(session);
        if (!params) throw new Error('Video upload params is empty');
        let done = 0;
        for (const piece of plan.pieces) {
          await post(params.endpoint, params.fields, piece.name, file.slice(piece.start, piece.end), (sent) =>
            setUpload({ kind: 'sending', percent: Math.floor((100 * (done + sent)) / file.size) }),
          );
          done += piece.end - piece.start;
        }
        const manifest = new Blob([JSON.stringify(manifestOfPieces(file.type, plan.pieces))], {
          type: 'application/json',
        });
        await post(params.endpoint, params.fields, 'manifest.json', manifest, () => undefined);
        setUpload({ kind: 'sent' });
      } catch (error) {
        setUpload({
          kind: 'failed',
          reason: isApiError(error) || error instanceof Error ? error.message : String(error),
        });
      }
    },
    [token],
  );
  return { upload, send };
}
