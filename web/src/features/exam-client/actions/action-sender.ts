import { isApiError, request } from '../../../shared/api';
import {
  afterAnswer,
  nextBatch,
  outcomeOf,
  retryDelay,
  type ClientAction,
  type SendOutcome,
} from './action-queue';

const STORAGE_KEY = 'exam.action-queue';

type Listener = (action: ClientAction, outcome: SendOutcome) => void;

/**
 * The student's actions on their way to POST /api/assignment/actions/batch: queued (and mirrored to
 * localStorage, so a reload loses none), sent oldest first, kept and retried with a growing pause
 * while the browser is offline or the server does not answer. Every action has its client id from the
 * moment it is queued, so a retry is stored once.
 */
class ActionSender {
  private queue: ClientAction[] = this.restore();
  private sending = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();

  constructor() {
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.flush());
  }

  send(action: Omit<ClientAction, 'id' | 'created_at'> & Partial<Pick<ClientAction, 'id' | 'created_at'>>) {
    const full: ClientAction = {
      ...action,
      id: action.id ?? crypto.randomUUID(),
      created_at: action.created_at ?? new Date().toISOString(),
    };
    this.queue.push(full);
    this.save();
    this.flush();
    return full;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Resolves once the queue is empty (everything stored or refused), or after `timeoutMs`. */
  async drain(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    this.flush();
    while (this.queue.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Called with each action once the server stored or refused it. */
  onSent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  flush(): void {
    if (this.sending || this.queue.length === 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.sending = true;
    void this.sendOne().finally(() => {
      this.sending = false;
      if (this.queue.length === 0) return;
      if (this.failures === 0) this.flush();
      else this.retryTimer = setTimeout(() => this.flush(), retryDelay(this.failures));
    });
  }

  private async sendOne(): Promise<void> {
    const batch = nextBatch(this.queue);
    let outcome: SendOutcome;
    try {
      await request('/api/assignment/actions/batch', {
        method: 'POST',
        body: { actions: batch },
        timeoutMs: 30_000,
      });
      outcome = outcomeOf(201);
    } catch (error) {
      outcome =
        isApiError(error) && error.kind === 'http'
          ? outcomeOf(error.httpStatus, error.message)
          : outcomeOf(null);
    }
    this.failures = outcome.kind === 'retry' ? this.failures + 1 : 0;
    this.queue = afterAnswer(this.queue, batch, outcome);
    this.save();
    if (outcome.kind !== 'retry') for (const a of batch) for (const l of this.listeners) l(a, outcome);
  }

  private restore(): ClientAction[] {
    try {
      const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
      return saved ? (JSON.parse(saved) as ClientAction[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.queue));
    } catch {
      // A full storage (a large screenshot) keeps the queue in memory only.
    }
  }
}

export const actionSender = new ActionSender();
