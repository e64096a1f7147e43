import { Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { cameraThresholds } from '../detectors/camera-thresholds';
import { heldEquipment, type HeldEquipment } from '../model/held-equipment';
import { canStart, requiredEquipment, settingsOf } from '../model/requirements';
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
  onReady,
}: {
  assignment: ProctoredAssignment;
  /** After a reload the photo was already sent: only the equipment is checked again. */
  withPhoto?: boolean;
  onReady: (ready: boolean) => void;
}) {
  const settings = useMemo(() => settingsOf(assignment.settings), [assignment.settings]);
  const required = useMemo(
    () => requiredEquipment(assignment.is_proctoring, settings),
    [assignment.is_proctoring, settings],
  );
  const needsPhoto = withPhoto && settings.head_identity;
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
  const ready = canStart(required, states, needsPhoto, photo !== undefined);
  useEffect(() => onReady(ready), [ready, onReady]);

  return (
    <Stack gap="md">
      <EquipmentCheck required={required} equipment={equipment} onChange={setStates} />
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
