import { usePlayerStore } from '../stores/player-store';
import { actionIndexAt } from '../model/position';
import type { ProctoringAction } from '../model/types';
import { ActionList } from './action-list';

/** The action list following the player: only this part re-renders as the recording plays. */
export function PlayheadActionList({
  actions,
  onPick,
}: {
  actions: ProctoringAction[];
  onPick: (action: ProctoringAction) => void;
}) {
  const instant = usePlayerStore((s) => s.instant);
  const current = instant === null ? null : actionIndexAt(actions, instant);
  return (
    <ActionList
      actions={actions}
      onPick={onPick}
      current={current !== null && current >= 0 ? current : null}
    />
  );
}
