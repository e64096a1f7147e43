import type { Equipment } from './requirements';

/**
 * What the equipment check got, handed from the register page to the attempt's page: the live streams
 * (a new permission prompt in between would be a second check), the identification photo and what each
 * check found. In memory only: after a reload the streams are gone and the check runs again.
 */
export interface HeldEquipment {
  camera?: MediaStream;
  microphone?: MediaStream;
  screen?: MediaStream;
  /** A JPEG data URL of the camera's frame, sent as `identity_verified`'s screenshot. */
  photo?: string;
  /** One line per check, for `environment_checked`'s description. */
  findings: Partial<Record<Equipment, string>>;
}

const held = new Map<string, HeldEquipment>();
/** Assignments whose attempt page took the equipment over. */
const claimed = new Set<string>();
/** Let-go timers of check screens that went away, cancelled if the screen comes back (StrictMode). */
const lettingGo = new Map<string, ReturnType<typeof setTimeout>>();

/** How long the register page's streams wait for the attempt's page before the camera is let go. */
const HANDOVER_MS = 5_000;

export const heldEquipment = {
  get: (assignmentId: string) => held.get(assignmentId),
  set: (assignmentId: string, equipment: HeldEquipment) => held.set(assignmentId, equipment),
  /** The attempt's page uses the streams now. */
  claim: (assignmentId: string) => claimed.add(assignmentId),
  /**
   * The check's screen went away: unless the attempt's page takes the streams soon (the start went
   * through), they are stopped, so the camera does not stay on for a student who left the page.
   */
  letGoUnlessClaimed(assignmentId: string) {
    clearTimeout(lettingGo.get(assignmentId));
    lettingGo.set(
      assignmentId,
      setTimeout(() => {
        lettingGo.delete(assignmentId);
        if (!claimed.has(assignmentId)) heldEquipment.release(assignmentId);
      }, HANDOVER_MS),
    );
  },
  /**
   * The check's screen is shown (again): a let-go its earlier unmount scheduled is called off. React
   * StrictMode unmounts and mounts every screen once in a development build; without this the camera
   * would stop five seconds into the check.
   */
  keep(assignmentId: string) {
    clearTimeout(lettingGo.get(assignmentId));
    lettingGo.delete(assignmentId);
  },
  /** Stops every track and forgets them: the exam is over, the camera light goes off. */
  release(assignmentId: string) {
    const equipment = held.get(assignmentId);
    for (const stream of [equipment?.camera, equipment?.microphone, equipment?.screen]) {
      for (const track of stream?.getTracks() ?? []) track.stop();
    }
    held.delete(assignmentId);
    claimed.delete(assignmentId);
  },
};
