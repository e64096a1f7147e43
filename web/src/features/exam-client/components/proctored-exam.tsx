import { Alert, Button, Group, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHoldFocusMode } from '../../../shared/ui/focus-mode';
import { AgentExamPanel } from '../agent/agent-exam-panel';
import { useAgent } from '../agent/use-agent';
import { useAgentLost } from '../agent/use-agent-lost';
import { resetLongTasks, watchLongTasks } from '../detectors/exam-probe';
import { examSessions, startExamSession } from '../exam-session';
import { BeforeFinishContext } from '../../../shared/exam/before-finish';
import { useExamText } from '../i18n/use-exam-text';
import { heldEquipment } from '../model/held-equipment';
import { settingsOf, usesAgent } from '../model/requirements';
import { startUploader } from '../../../shared/recording/uploader';
import { ExamPreparation, type ProctoredAssignment } from './exam-preparation';
import { ExamStatusBar } from './exam-status-bar';
import { useLeaveGuard } from './leave-guard';
import { SecondCameraLink } from './second-camera-link';

/** What `session_ended` says when the student chose to leave the exam's page (for the proctor). */
const LEFT_THE_EXAM = 'left the exam page';
/** How long a warning stays on screen after it was posted. */
const WARNING_SHOWN_MS = 8_000;

/**
 * A proctored attempt in progress: the attempt's own screen (children) under the proctoring strip,
 * with the recording, the checks and the detectors running while it is shown. After a reload the
 * streams are gone: the equipment check runs again (without a new photo) before the exam continues.
 * The shell is in focus mode meanwhile (no menu, chat, basket, switchers), and leaving the page asks
 * first; a student who leaves ends the session with `session_ended` saying so, for the proctor.
 */
export function ProctoredExam({
  assignment,
  attemptId,
  messages,
  children,
}: {
  assignment: ProctoredAssignment;
  attemptId: string;
  /** The app's window to the watchers' messages (the chat's, composed in; docs/chat.md). */
  messages?: ReactNode;
  children: ReactNode;
}) {
  const t = useExamText();
  const settings = useMemo(() => settingsOf(assignment.settings), [assignment.settings]);
  const [equipmentReady, setEquipmentReady] = useState(() => heldEquipment.get(assignment.id) !== undefined);
  const [restoreReady, setRestoreReady] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [unavailable, setUnavailable] = useState<string[]>([]);
  const warningTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ending = useRef<((reason?: string) => Promise<void>) | undefined>(undefined);
  // The agent's session for the attempt, once the exam itself is shown (the check before has its own).
  const watchAgent = equipmentReady && usesAgent(assignment.is_proctoring, settings);
  const agent = useAgent(watchAgent, assignment.id, attemptId);
  const agentConnection = agent.connection;
  const showWarning = useCallback((actionType: string) => {
    setWarning(actionType);
    clearTimeout(warningTimer.current);
    warningTimer.current = setTimeout(() => setWarning(null), WARNING_SHOWN_MS);
  }, []);
  // The agent's absence is recorded as a condition (device_agent_lost), ended before the session ends.
  const closeAgentLost = useAgentLost(
    watchAgent,
    agent.state,
    { assignment_id: assignment.id, assignment_attempt_id: attemptId },
    showWarning,
  );
  const beforeFinish = useCallback(async () => {
    closeAgentLost();
    agentConnection.current?.stop(true);
    await ending.current?.();
  }, [agentConnection, closeAgentLost]);
  const onAgentFinding = useCallback((finding: { kind: string }) => showWarning(finding.kind), [showWarning]);
  useHoldFocusMode();
  useLeaveGuard(
    true,
    {
      title: t('leave.title'),
      message: t('leave.text'),
      confirmLabel: t('leave.confirm'),
    },
    () => {
      closeAgentLost();
      agentConnection.current?.stop(true);
      void ending.current?.(LEFT_THE_EXAM);
    },
  );

  // Chunks a closed tab left behind go as soon as the student is back.
  useEffect(() => {
    watchLongTasks();
    startUploader();
    heldEquipment.claim(assignment.id);
  }, [assignment.id]);

  useEffect(() => {
    if (!equipmentReady) return;
    const equipment = heldEquipment.get(assignment.id);
    if (!equipment) return;
    let shown = true;
    // Held, not started: StrictMode's second mount finds the session of the first one running.
    const hold = examSessions.hold(
      attemptId,
      {
        onWarning: showWarning,
        onUnavailable: (check) =>
          setUnavailable((checks) => (checks.includes(check) ? checks : [...checks, check])),
      },
      (hooks) =>
        startExamSession(
          { assignment_id: assignment.id, assignment_attempt_id: attemptId },
          settings,
          equipment,
          hooks,
        ),
    );
    ending.current = hold.end;
    void hold.started.then(
      () => {
        if (!shown) return;
        setRecording(true);
        resetLongTasks();
      },
      () => undefined,
    );
    return () => {
      shown = false;
      clearTimeout(warningTimer.current);
      // Ends the session only if the page really left the attempt (no one holds it again soon).
      hold.release(() => {
        heldEquipment.release(assignment.id);
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      });
    };
  }, [equipmentReady, assignment.id, attemptId, settings, showWarning]);

  if (!equipmentReady) {
    return (
      <Stack gap="md">
        <Alert color="blue">{t('start.restore')}</Alert>
        <ExamPreparation
          assignment={assignment}
          attemptId={attemptId}
          withPhoto={false}
          onReady={setRestoreReady}
        />
        <Group justify="flex-end">
          <Button
            disabled={!restoreReady}
            onClick={() => {
              if (settings.fullscreen_mode)
                void document.documentElement.requestFullscreen().catch(() => undefined);
              setEquipmentReady(true);
            }}
            data-testid="exam-continue"
          >
            {t('start.continue')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <ExamStatusBar
        warning={warning}
        recording={recording}
        needsFullscreen={settings.fullscreen_mode}
        unavailable={unavailable}
      />
      {agent.state.kind !== 'idle' ? <AgentExamPanel state={agent.state} onBegan={onAgentFinding} /> : null}
      {messages ? (
        <Group justify="flex-end" data-testid="exam-messages">
          {messages}
        </Group>
      ) : null}
      <SecondCameraLink
        assignment={assignment}
        attemptId={attemptId}
        onClosed={() => setWarning('external_camera_closed')}
      />
      <BeforeFinishContext.Provider value={beforeFinish}>{children}</BeforeFinishContext.Provider>
    </Stack>
  );
}
