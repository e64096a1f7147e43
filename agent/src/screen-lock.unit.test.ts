import { describe, expect, it } from 'vitest';
import { readLockedHint, screenLockFrom } from './screen-lock';

describe('the screen lock', () => {
  it('on Windows is the lock screen process running, case and .exe ignored', () => {
    expect(screenLockFrom('win32', ['explorer.exe', 'LogonUI.exe'], null)).toBe(true);
    expect(screenLockFrom('win32', ['explorer.exe', 'chrome.exe'], null)).toBe(false);
  });

  it("on Linux is logind's LockedHint, and unknown without it", () => {
    expect(screenLockFrom('linux', [], 'yes')).toBe(true);
    expect(screenLockFrom('linux', [], 'no\n')).toBe(false);
    expect(screenLockFrom('linux', [], null)).toBeNull();
    expect(screenLockFrom('linux', [], 'maybe')).toBeNull();
    // A process of that name on Linux means nothing.
    expect(screenLockFrom('linux', ['logonui'], null)).toBeNull();
  });

  it('is unknown elsewhere', () => {
    expect(screenLockFrom('darwin', ['loginwindow'], 'yes')).toBeNull();
  });

  it('asks logind for an unknown session without failing', async () => {
    // No such session (or no logind at all, as in a container): null, not an error.
    await expect(readLockedHint({ XDG_SESSION_ID: 'no-such-session-0' })).resolves.toBeNull();
  });
});
