import type { ProctoringActionBody } from '@sabaq/events';

/**
 * A proctoring action as the batch call takes it: the shared contract's body
 * (events/src/contracts/proctoring-actions.ts), with the client's own id and time always set (a retry
 * carries the same id, so the server stores it once).
 */
export type ClientAction = ProctoringActionBody & Required<Pick<ProctoringActionBody, 'id' | 'created_at'>>;

/** What a batch's answer means for the actions in it. */
export type SendOutcome =
  | { kind: 'stored' }
  /** No answer (offline, timeout) or the server's own trouble (5xx, 429): keep them for later. */
  | { kind: 'retry' }
  /** The server refused the batch whole (a 4xx: a finished attempt, a bad field): sending again cannot help. */
  | { kind: 'refused'; message: string };

export const BATCH_LIMIT = 50;
/** Screenshots make a batch large: one action with a picture goes alone. */
const carriesPicture = (a: ClientAction) => a.screenshot !== undefined;

/** The next batch: the oldest actions, up to the limit, a picture always alone. */
export function nextBatch(queue: readonly ClientAction[]): ClientAction[] {
  if (queue.length === 0) return [];
  if (carriesPicture(queue[0]!)) return [queue[0]!];
  const batch: ClientAction[] = [];
  for (const action of queue) {
    if (batch.length === BATCH_LIMIT || carriesPicture(action)) break;
    batch.push(action);
  }
  return batch;
}

/** The queue after a batch's answer: stored or refused actions leave it, the others stay in order. */
export function afterAnswer(
  queue: readonly ClientAction[],
  sent: readonly ClientAction[],
  outcome: SendOutcome,
): ClientAction[] {
  if (outcome.kind === 'retry') return [...queue];
  const done = new Set(sent.map((a) => a.id));
  return queue.filter((a) => !done.has(a.id));
}

/** Classifies an HTTP status (or none, for no answer) of the batch call. */
export function outcomeOf(status: number | null, message = ''): SendOutcome {
  if (status !== null && status >= 200 && status < 300) return { kind: 'stored' };
  if (status === null || status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  return { kind: 'refused', message };
}

/** Waiting before the next try after a failed send: 1 s doubling to at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}
