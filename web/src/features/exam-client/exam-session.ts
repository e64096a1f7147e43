import type { ProctoringActionType, ProctoringSettings } from '@sabaq/events';
import { records } from '../../shared/api';
import { actionSender } from './actions/action-sender';
import { postAction, type AttemptRef } from './actions/lifecycle';
import { startClientChecks, type ClientSignal } from './checks/client-checks';
import { startFaceMonitor } from './detectors/face-monitor';
import { startNoiseMonitor } from './detectors/noise-monitor';
import { startSpeechMonitor } from './detectors/speech-monitor';
import type { HeldEquipment } from './model/held-equipment';
import type { UploadParams } from '../../shared/recording/chunk-record';
import { recordToChunks, type ChunkRecorder } from '../../shared/recording/recorder';
import { startUploader } from '../../shared/recording/uploader';
import { SessionKeeper } from './session-keeper';
import { api } from '../../shared/api';

interface WebinarSession {
  id: string;
  file_upload_endpoint: string | null;
  file_upload_params: Record<string, unknown> | null;
}

/** Lifecycle actions sent once per attempt in this tab (a reload does not start the session again). */
const onceKey = (attemptId: string, what: string) => `exam.${attemptId}.${what}`;
function once(attemptId: string, what: string, send: () => void): void {
  if (sessionStorage.getItem(onceKey(attemptId, what))) return;
  sessionStorage.setItem(onceKey(attemptId, what), '1');
  send();
}

function paramsOf(session: WebinarSession): UploadParams | null {
  if (!session.file_upload_endpoint || !session.file_upload_params) return null;
  const fields = Object.fromEntries(
    Object.entries(session.file_upload_params).map(([k, v]) => [k, String(v)]),
  );
  return { endpoint: session.file_upload_endpoint, fields };
}

export interface ExamSessionHooks {
  /** A warning or violation was posted: the student is told. */
  onWarning: (actionType: string) => void;
  /** A detector cannot run (no model, no camera, too slow): the student sees a note; it is recorded. */
  onUnavailable: (check: string) => void;
}

/**
 * The running exam sessions of this tab, one per attempt: the exam page's effect holds its attempt's
 * session, so React StrictMode's second mount (or a quick remount) finds it running instead of ending
 * and starting it again (session-keeper.ts).
 */
export const examSessions = new SessionKeeper<ExamSessionHooks>();

/**
 * The identification photo, kept for the tab's attempt: after a reload the check runs without a new
 * photo, and the live face is still compared with this one.
 */
function identityPhoto(attemptId: string, taken: string | undefined): string | undefined {
  const key = onceKey(attemptId, 'photo');
  try {
    if (taken) sessionStorage.setItem(key, taken);
    return taken ?? sessionStorage.getItem(key) ?? undefined;
  } catch {
    // Storage full or refused: this page still has the photo it took.
    return taken;
  }
}

/**
 * A proctored attempt while it runs: the lifecycle actions, one webinar session and recorder per
 * recorded stream (chunks into IndexedDB, the uploader sending them), the browser's checks and the
 * detectors. Returns the function that ends it all (the attempt finished or the page left).
 */
export async function startExamSession(
  attempt: AttemptRef,
  settings: ProctoringSettings,
  equipment: HeldEquipment,
  hooks: () => ExamSessionHooks,
): Promise<(reason?: string) => Promise<void>> {
  const id = attempt.assignment_attempt_id;
  const signal = (s: ClientSignal) => {
    if (s.activity) {
      void api
        .post('/api/assignment/activities', {
          assignment_id: attempt.assignment_id,
          assignment_attempt_id: id,
          activity_type: s.action_type,
        })
        .catch(() => undefined);
      return;
    }
    const condition = s.condition
      ? {
          condition_id: s.condition.id,
          condition_phase: s.condition.phase,
          // The condition's own time: when it began or ended, not when the detector noticed.
          created_at: new Date(s.condition.at).toISOString(),
        }
      : {};
    // A signal that is not an activity names one of the vocabulary's action types (client-checks.ts).
    postAction(attempt, s.action_type as ProctoringActionType, {
      ...(s.description ? { description: s.description } : {}),
      ...condition,
    });
    const over = s.condition?.phase === 'end';
    if (!over && s.action_type !== 'focus_returned' && s.action_type !== 'connection_restored')
      hooks().onWarning(s.warning ?? s.action_type);
  };

  // A detector that cannot run is shown to the student and recorded, once per check and tab.
  const reported = new Set<string>();
  const unavailable = (check: string, reason: string) => {
    hooks().onUnavailable(check);
    if (reported.has(check)) return;
    reported.add(check);
    postAction(attempt, 'detector_unavailable', { description: `${check}: ${reason}`.slice(0, 2_000) });
  };

  once(id, 'session_started', () =>
    postAction(attempt, 'session_started', { description: navigator.userAgent.slice(0, 500) }),
  );
  once(id, 'environment_checked', () =>
    postAction(attempt, 'environment_checked', {
      description: Object.entries(equipment.findings)
        .map(([item, finding]) => `${item}: ${finding}`)
        .join('; '),
    }),
  );
  if (equipment.photo) {
    const photo = equipment.photo;
    once(id, 'identity_verified', () => postAction(attempt, 'identity_verified', { screenshot: photo }));
  }

  startUploader();
  const recorders: ChunkRecorder[] = [];
  const streams: [string, MediaStream | undefined, boolean][] = [
    [
      'main-camera',
      equipment.camera &&
        new MediaStream([
          ...equipment.camera.getVideoTracks(),
          ...(settings.microphone_record ? (equipment.microphone?.getAudioTracks() ?? []) : []),
        ]),
      settings.main_camera_record,
    ],
    ['screen', equipment.screen, settings.screen_share_record],
  ];
  for (const [sessionType, stream, wanted] of streams) {
    if (!wanted || !stream) continue;
    const session = await records.create<WebinarSession>('webinar-sessions', {
      session_type: sessionType,
      session_kind: 'recording',
      assignment_attempt_id: id,
      // The server's AI analyses the main camera unless the assignment turned it off (the server decides
      // by the assignment; this says the same on the session: docs/ai-analysis.md).
      is_should_analyze: sessionType === 'main-camera' && settings.ai_analysis !== false,
    });
    const params = paramsOf(session);
    if (!params) continue;
    recorders.push(recordToChunks(stream, session.id, params));
    postAction(attempt, 'recording_started', { webinar_session_id: session.id, description: sessionType });
  }

  const stops: (() => void)[] = [startClientChecks(settings, signal)];
  if (equipment.microphone && settings.noise_detector) {
    stops.push(startNoiseMonitor(equipment.microphone, settings, signal));
  }
  // The speech worker starts once the camera's models are in: compiling two WebAssembly runtimes and
  // loading five models at once would starve the page's own thread on a two-core laptop.
  let stopSpeech: (() => void) | undefined;
  let ended = false;
  const startSpeech = () => {
    if (ended || stopSpeech || !equipment.microphone || !settings.speech_detector) return;
    stopSpeech = startSpeechMonitor(equipment.microphone, settings, signal, (reason) =>
      unavailable('speech', reason),
    );
  };
  stops.push(() => {
    ended = true;
    stopSpeech?.();
  });
  const photo = settings.head_identity ? identityPhoto(id, equipment.photo) : undefined;
  if (equipment.camera && (settings.head_tracking || photo)) {
    stops.push(
      startFaceMonitor(equipment.camera, settings, signal, {
        photo,
        onUnavailable: unavailable,
        onLoaded: startSpeech,
      }),
    );
  } else {
    if (settings.head_tracking) unavailable('faces', 'no camera');
    startSpeech();
  }

  let ending: Promise<void> | undefined;
  // Once only: called before the attempt finishes, and again when the page leaves the attempt.
  return (reason?: string) =>
    (ending ??= (async () => {
      // The student chose to leave: said at once, before the recorders' last chunks are closed.
      if (reason) postAction(attempt, 'session_ended', { description: reason });
      for (const stop of stops) stop();
      await Promise.all(recorders.map((r) => r.stop()));
      if (recorders.length > 0) postAction(attempt, 'recording_stopped');
      if (!reason) postAction(attempt, 'session_ended');
      await actionSender.drain(10_000);
    })());
}
