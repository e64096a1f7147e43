/** 001 §9: a typist who has sent nothing for this long is no longer shown as typing. */
export const TYPING_TIMEOUT_MS = 3000;

/**
 * Who is typing in a chat, from `start-typing` / `end-typing`: each typist is forgotten after
 * TYPING_TIMEOUT_MS without a new `start-typing`, in case their `end-typing` never comes.
 */
export class TypingTracker {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly onChange: (typists: string[]) => void) {}

  start(userId: string): void {
    clearTimeout(this.timers.get(userId));
    this.timers.set(
      userId,
      setTimeout(() => this.end(userId), TYPING_TIMEOUT_MS),
    );
    this.emit();
  }

  end(userId: string): void {
    clearTimeout(this.timers.get(userId));
    if (this.timers.delete(userId)) this.emit();
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.emit();
  }

  private emit(): void {
    this.onChange([...this.timers.keys()]);
  }
}

/**
 * The sender's side: `start-typing` at the first key and again at most once a second while typing,
 * `end-typing` after TYPING_TIMEOUT_MS without input or when the message is sent.
 */
export class TypingSender {
  private lastStart = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (event: 'start-typing' | 'end-typing') => void,
    private readonly now: () => number = Date.now,
  ) {}

  input(): void {
    if (this.now() - this.lastStart >= 1000) {
      this.lastStart = this.now();
      this.send('start-typing');
    }
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), TYPING_TIMEOUT_MS);
  }

  stop(): void {
    clearTimeout(this.idle);
    if (this.lastStart === 0) return;
    this.lastStart = 0;
    this.send('end-typing');
  }
}
