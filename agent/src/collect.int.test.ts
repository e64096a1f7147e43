import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { DEFAULT_DEVICE_AGENT_RULES, deviceReport } from '@sabaq/events';
import { afterAll, describe, expect, it } from 'vitest';
import { collectSnapshot } from './collect';
import { buildReport } from './evaluate-rules';

/** Whether a program is on the PATH. */
const installed = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;

let xvfb: ChildProcess | undefined;
afterAll(() => {
  xvfb?.kill();
});

/**
 * The agent's collectors on this machine (Linux), with the real libraries: its OS and hostname, its
 * processes (this test's own among them), its displays and its USB list. Where the machine has no
 * display server and no USB bus (a CI container), the empty answers are asserted as such.
 */
describe('the agent on this machine', () => {
  it("reads this machine's OS, hostname and processes", async () => {
    const snapshot = await collectSnapshot({ env: {} });
    expect(snapshot.os.platform).toBe(process.platform);
    expect(snapshot.os.hostname).toBe(hostname());
    expect(snapshot.os.release.length).toBeGreaterThan(0);
    expect(snapshot.os.windows_version).toBeNull();
    expect(snapshot.unique_id.length).toBeGreaterThan(0);
    expect(snapshot.processes.some((p) => p.pid === process.pid)).toBe(true);
    // No SSH or RDP variables given: not a remote session unless a remote-desktop server runs here.
    expect(snapshot.remote_signs.every((s) => s.startsWith('process '))).toBe(true);
    expect(deviceReport.parse(buildReport(snapshot, DEFAULT_DEVICE_AGENT_RULES, '0.1.0'))).toBeTruthy();
  });

  it('reads the screen lock where logind tells it, and says unknown where nothing does', async () => {
    // What logind says of this session, asked directly (no logind, as in a container: nothing).
    const asked = spawnSync('loginctl', ['show-session', 'self', '-p', 'LockedHint', '--value'], {
      encoding: 'utf8',
    });
    const hint = asked.status === 0 ? asked.stdout.trim() : '';
    const snapshot = await collectSnapshot({ env: {} });
    expect(snapshot.screen_locked).toBe(hint === 'yes' ? true : hint === 'no' ? false : null);
  });

  it('reads the displays: a virtual display under Xvfb, none without a display server', async () => {
    if (installed('Xvfb') && installed('xrandr')) {
      xvfb = spawn('Xvfb', [':97', '-screen', '0', '1280x800x24'], { stdio: 'ignore' });
      process.env.DISPLAY = ':97';
      let displays: Awaited<ReturnType<typeof collectSnapshot>>['displays'] = [];
      for (let i = 0; i < 50 && displays.length === 0; i++) {
        displays = (await collectSnapshot()).displays;
        if (displays.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(displays).toHaveLength(1);
      expect(displays[0]).toMatchObject({ width: 1280, height: 800, main: true });
    } else {
      // This machine has no X server to ask (no Xvfb or xrandr installed): the list is empty, not an error.
      delete process.env.DISPLAY;
      const snapshot = await collectSnapshot();
      expect(snapshot.displays).toEqual([]);
      // And the rules find no display problem in what they cannot see.
      const findings = buildReport(snapshot, DEFAULT_DEVICE_AGENT_RULES, '0.1.0').findings;
      expect(
        findings.filter((f) => f.kind === 'second_monitor' || f.kind === 'bad_screen_resolution'),
      ).toEqual([]);
    }
  });

  it('reads the USB list (empty where the machine has no USB bus)', async () => {
    const snapshot = await collectSnapshot();
    const { existsSync } = await import('node:fs');
    if (existsSync('/sys/bus/usb/devices') || installed('lsusb')) {
      for (const device of snapshot.usb_devices) {
        expect(device.id.length).toBeGreaterThan(0);
        expect(device.name.length).toBeGreaterThan(0);
      }
    } else {
      expect(snapshot.usb_devices).toEqual([]);
    }
  });
});
