import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { recordToChunks, startUploader, type ChunkRecorder } from '../../../shared/recording';
import { externalApi, newRecordingId, uploadParamsOf, type ExternalLink } from '../api/external-api';

export type Facing = 'environment' | 'user';
export type Phase = 'preview' | 'starting' | 'recording' | 'stopped' | 'ended';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

/**
 * The phone's camera and its recording: the picture (rear camera first, switchable before the start),
 * then the attempt's second-camera session, MediaRecorder into IndexedDB and the exam's uploader, and
 * the page's heartbeat. The recording stops by itself when the server says the exam is over or the
 * link has run out, and the server hears `closed` when the page goes away.
 */
export function useCameraRecording(token: string, link: ExternalLink | undefined, examOver: boolean) {
  const [facing, setFacing] = useState<Facing>('environment');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('preview');
  const [startError, setStartError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const recorder = useRef<ChunkRecorder | null>(null);
  const sessionId = useRef<string | null>(null);
  const beat = useRef<ReturnType<typeof setInterval>>(undefined);
  /** From the start on, the picture's stream belongs to the recording. */
  const keep = useRef(false);
  const microphone = link?.settings.microphone_record ?? false;
  const ready = link !== undefined;

  // The picture: asked again when the student switches the camera (only before recording).
  useEffect(() => {
    if (!ready) return;
    keep.current = false;
    let live: MediaStream | null = null;
    let cancelled = false;
    setCameraError(null);
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: { ideal: facing }, width: { ideal: 640 }, height: { ideal: 480 } },
        audio: microphone,
      })
      .then(
        (got) => {
          if (cancelled) return got.getTracks().forEach((t) => t.stop());
          live = got;
          setStream(got);
        },
        (error: unknown) => !cancelled && setCameraError(reasonOf(error)),
      );
    return () => {
      cancelled = true;
      // Kept while recording: the recorder holds the same stream.
      if (live && !keep.current) live.getTracks().forEach((t) => t.stop());
    };
  }, [ready, facing, microphone, attempt]);

  const stop = useCallback(
    async (next: 'stopped' | 'ended') => {
      clearInterval(beat.current);
      const current = recorder.current;
      recorder.current = null;
      setPhase(next);
      await current?.stop();
      stream?.getTracks().forEach((t) => t.stop());
      if (sessionId.current)
        await externalApi.report(token, sessionId.current, 'closed').catch(() => undefined);
    },
    [stream, token],
  );

  const start = useCallback(async () => {
    if (!stream || !link) return;
    keep.current = true;
    setPhase('starting');
    setStartError(null);
    try {
      const session = await externalApi.openSession(token, newRecordingId());
      const params = uploadParamsOf(session);
      if (!params) throw new Error('Video upload params is empty');
      sessionId.current = session.id;
      recorder.current = recordToChunks(stream, session.id, params);
      startUploader();
      await externalApi.report(token, session.id, 'opened');
      setPhase('recording');
      beat.current = setInterval(() => {
        externalApi.report(token, session.id, 'heartbeat').catch((error: unknown) => {
          // 409: the exam ended; 410: the link ran out. Either way this camera is done.
          if (isApiError(error) && (error.httpStatus === 409 || error.httpStatus === 410)) void stop('ended');
        });
      }, link.settings.heartbeat_seconds * 1000);
    } catch (error) {
      keep.current = false;
      setPhase('preview');
      setStartError(isApiError(error) ? error.message : reasonOf(error));
    }
  }, [stream, link, token, stop]);

  // The server says the exam is over (or the link ran out): the recording stops, the rest is sent.
  useEffect(() => {
    if (examOver && (phase === 'recording' || phase === 'starting')) void stop('ended');
  }, [examOver, phase, stop]);

  // Leaving the page (closing the tab, locking into another app for good): the exam hears `closed`.
  useEffect(() => {
    const leave = () => {
      if (sessionId.current && recorder.current) externalApi.reportLeaving(token, sessionId.current);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      clearInterval(beat.current);
    };
  }, [token]);

  return {
    facing,
    switchCamera: () => setFacing((f) => (f === 'environment' ? 'user' : 'environment')),
    /** Asks for the camera again (after a refusal, or to record again after a stop). */
    retryCamera: () => {
      setPhase('preview');
      setAttempt((n) => n + 1);
    },
    stream,
    cameraError,
    phase,
    startError,
    start,
    stop: () => stop('stopped'),
  };
}
