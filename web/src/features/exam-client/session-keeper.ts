/**
 * Ends a running session: stops its detectors and recorders and posts its last actions; `reason` says
 * why when the student left the exam (posted with `session_ended`).
 */
export type EndSession = (reason?: string) => Promise<void>;

/** One component's hold on a session. */
export interface SessionHold {
  /** Settles once the session has started (rejects if it could not). */
  started: Promise<void>;
  /** Ends the session now (the student finishes): once, whoever asks and however often. */
  end: EndSession;
  /**
   * The component let go (its effect's cleanup). The session ends only if no one holds it again within
   * the keeper's grace: React StrictMode's unmount and mount again, or a quick remount, keeps it running.
   * `onEnded` runs once the session was ended, by this or by `end`.
   */
  release: (onEnded?: () => void) => void;
}

interface Entry<H> {
  holders: number;
  hooks: H;
  session: Promise<EndSession>;
  timer?: ReturnType<typeof setTimeout>;
  ending?: Promise<void>;
}

/**
 * Running sessions by key (the attempt), so that starting is idempotent and a component's cleanup does
 * not end the exam: in a development build React StrictMode mounts, unmounts and mounts every effect
 * again, and an effect that ended the session on cleanup would post `session_ended` as the exam began.
 * A session is started by the first hold, shared by later holds (the newest one's hooks get its
 * warnings), and ended either explicitly or once nobody has held it for `graceMs`.
 */
export class SessionKeeper<H> {
  private readonly entries = new Map<string, Entry<H>>();

  constructor(private readonly graceMs = 1_000) {}

  /** Whether a session runs under this key (started or starting, not ending). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  hold(key: string, hooks: H, start: (hooks: () => H) => Promise<EndSession>): SessionHold {
    let entry = this.entries.get(key);
    if (entry) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.holders += 1;
      entry.hooks = hooks;
    } else {
      const created: Entry<H> = { holders: 1, hooks, session: Promise.resolve(() => Promise.resolve()) };
      created.session = start(() => created.hooks);
      // A session that could not start has nothing to end; its hold's `started` says why.
      created.session.catch(() => this.entries.get(key) === created && this.entries.delete(key));
      this.entries.set(key, created);
      entry = created;
    }
    const own = entry;
    const end = (reason?: string): Promise<void> => {
      clearTimeout(own.timer);
      if (this.entries.get(key) === own) this.entries.delete(key);
      own.ending ??= own.session.then(
        (stop) => stop(reason),
        () => undefined,
      );
      return own.ending;
    };
    let released = false;
    return {
      started: own.session.then(() => undefined),
      end,
      release: (onEnded) => {
        if (released) return;
        released = true;
        own.holders -= 1;
        if (own.ending) {
          void own.ending.then(() => onEnded?.());
          return;
        }
        if (own.holders > 0) return;
        own.timer = setTimeout(() => void end().then(() => onEnded?.()), this.graceMs);
      },
    };
  }
}
