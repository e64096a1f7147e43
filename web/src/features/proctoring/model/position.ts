import type { ProctoringAction } from './types';

/**
 * The last action at or before `instant` (epoch ms) in a list sorted oldest first, by binary search:
 * the player reports its position several times a second, and the list may hold 10,000 actions.
 * -1 when the instant is before every action.
 */
export function actionIndexAt(actions: ProctoringAction[], instant: number): number {
  let low = 0;
  let high = actions.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (Date.parse(actions[middle]!.created_at) <= instant) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
