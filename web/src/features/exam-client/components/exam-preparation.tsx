import { Stack } from '@mantine/core';
import { DEVICE_AGENT_PORT } from '@sabaq/events';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AgentCheck } from '../agent/agent-check';
import { agentReady } from '../agent/agent-state';
import { useAgent } from '../agent/use-agent';
import { cameraThresholds } from '../detectors/camera-thresholds';
import { heldEquipment, type HeldEquipment } from '../model/held-equipment';
import { canStart, requiredEquipment, settingsOf, usesAgent } from '../model/requirements';
import { EquipmentCheck, type CheckStates } from './equipment-check';
import { IdentityPhoto } from './identity-photo';

export interface ProctoredAssignment {
  id: string;
  is_proctoring: boolean;
  settings?: unknown;
}

/**
 * Before a proctored attempt starts (001 §5: equipment check, identification): the checks the settings
 * ask for and the identification photo. `onReady` says whether the attempt may start; what was found is
 * held for the attempt's page.
 */
export function ExamPreparation({
  assignment,
  withPhoto = true,
  attemptId = null,
  onReady,
}: {
  assignment: ProctoredAssignment;
  /** After a reload the photo was already sent: only the equipment is checked again. */
  withPhoto?: boolean;
  /** The attempt once it exists (a reload during the exam); before the start the agent's token is for the assignment. */
  attemptId?: string | null;
  onReady: (ready: boolean) => void;
}) {
  const settings = useMemo(() => settingsOf(assignment.settings), [assignment.settings]);
  const required = useMemo(
    () => requiredEquipment(assignment.is_proctoring, settings),
    [assignment.is_proctoring, settings],
  );
  const needsPhoto = withPhoto && settings.head_identity;
  const wantsAgent = usesAgent(assignment.is_proctoring, settings);
  const agent = useAgent(wantsAgent, assignment.id, attemptId);
  // Handed over in the effect, not in the initialiser: StrictMode calls an initialiser twice and keeps
  // one result, which must be the object the attempt's page later finds.
  const [equipment] = useState<HeldEquipment>(() => ({ findings: {} }));
  const [states, setStates] = useState<CheckStates>({});
  const [photo, setPhoto] = useState<string | undefined>();
  const takePhoto = useCallback(
    (taken: string | undefined) => {
      equipment.photo = taken;
      setPhoto(taken);
    },
    [equipment],
  );
  useEffect(() => {
    heldEquipment.set(assignment.id, equipment);
    heldEquipment.keep(assignment.id);
    return () => heldEquipment.letGoUnlessClaimed(assignment.id);
  }, [assignment.id, equipment]);
  const ready =
    canStart(required, states, needsPhoto, photo !== undefined) && (!wantsAgent || agentReady(agent.state));
  useEffect(() => onReady(ready), [ready, onReady]);

  return (
    <Stack gap="md">
      {/* An agent-only assignment asks nothing of the browser: no empty check card. */}
      {required.length > 0 ? (
        <EquipmentCheck required={required} equipment={equipment} onChange={setStates} />
      ) : null}
      {wantsAgent ? (
        <AgentCheck
          state={agent.state}
          port={agent.connection.current?.port ?? DEVICE_AGENT_PORT}
          downloadUrl={agent.connection.current?.downloadUrl ?? null}
          onRetry={() => agent.connection.current?.retry()}
        />
      ) : null}
      {needsPhoto ? (
        <IdentityPhoto
          camera={states.camera === 'passed' ? equipment.camera : undefined}
          photo={photo}
          minFaceScore={cameraThresholds(settings).faceMinScore}
          onPhoto={takePhoto}
        />
      ) : null}
    </Stack>
  );
}
