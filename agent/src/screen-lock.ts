import { execFile } from 'node:child_process';

/** Processes of a lock screen: Windows shows its lock (and sign-in) screen with LogonUI. */
const LOCK_SCREEN_PROCESSES = ['logonui'];

/**
 * Whether the screen is locked now, where the system tells it; null where it does not (no library
 * reads it portably, so the report says "unknown" rather than guess):
 * - Windows: LogonUI runs while the lock screen shows and exits on unlock; the agent runs in the
 *   student's signed-in session, so a running LogonUI reads as locked (a sign, like the remote-session
 *   processes: a sign-in screen of another user's session on the same computer reads the same);
 * - Linux with systemd-logind: the session's `LockedHint`, which the desktop's screen locker sets;
 * - anything else (macOS, Linux without logind): null.
 */
export function screenLockFrom(
  platform: string,
  processNames: readonly string[],
  lockedHint: string | null,
): boolean | null {
  if (/^win/i.test(platform)) {
    const running = new Set(processNames.map((n) => n.toLowerCase().replace(/\.exe$/, '')));
    return LOCK_SCREEN_PROCESSES.some((name) => running.has(name));
  }
  if (platform === 'linux' && lockedHint !== null) {
    const hint = lockedHint.trim().toLowerCase();
    if (hint === 'yes') return true;
    if (hint === 'no') return false;
  }
  return null;
}

/**
 * The Linux session's `LockedHint` from systemd-logind (`loginctl show-session`), for the session
 * the agent runs in (XDG_SESSION_ID, else logind's own pick, `self`); null when there is no logind to
 * ask (a container, another init system) or it does not answer within a second.
 */
export function readLockedHint(env: Readonly<Record<string, string | undefined>>): Promise<string | null> {
  if (process.platform !== 'linux') return Promise.resolve(null);
  const session = env.XDG_SESSION_ID || 'self';
  return new Promise((resolve) => {
    execFile(
      'loginctl',
      ['show-session', session, '-p', 'LockedHint', '--value'],
      { timeout: 1_000 },
      (error, stdout) => resolve(error ? null : String(stdout).trim() || null),
    );
  });
}
