import { readFile } from 'node:fs/promises';
import psList from 'ps-list';
import si from 'systeminformation';
import { parseFirmwareDisplayReport, type FirmwareDisplayReport } from './display-report';
import { remoteSessionSigns } from './remote-session';
import { readLockedHint, screenLockFrom } from './screen-lock';
import type { DeviceSnapshot } from './snapshot';
import { windowsVersionOf } from './windows-version';

/** A collector that fails (no permission, no display server) gives its empty answer, not a crash. */
async function orElse<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch {
    return fallback;
  }
}

export interface CollectOptions {
  /** The school's firmware/display report (XML), when its inventory tool leaves one on the machine. */
  displayReportPath?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Reads the optional XML report; a missing or broken file gives null (the system's own list counts). */
async function firmwareReport(path: string | undefined): Promise<FirmwareDisplayReport | null> {
  if (!path) return null;
  try {
    return parseFirmwareDisplayReport(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * One look at the computer with maintained libraries (systeminformation, ps-list): the system, the
 * displays, USB devices, processes and the count of network connections. The firmware report, when
 * present, names the monitors (model, output type) the system's list may not.
 */
export async function collectSnapshot(options: CollectOptions = {}): Promise<DeviceSnapshot> {
  const env = options.env ?? process.env;
  const [os, system, graphics, usb, uuid, processes, connections, report, lockedHint] = await Promise.all([
    si.osInfo(),
    orElse(si.system(), null),
    orElse(si.graphics(), { controllers: [], displays: [] }),
    orElse(si.usb(), []),
    orElse(si.uuid(), { os: '', hardware: '', macs: [] as string[] }),
    orElse(psList(), []),
    orElse(si.networkConnections(), null),
    firmwareReport(options.displayReportPath),
    readLockedHint(env),
  ]);
  const names = processes.map((p) => p.name);
  const signs = remoteSessionSigns(env, names);
  const displays = graphics.displays.map((d, i) => ({
    id: String(d.displayId ?? d.deviceName ?? i + 1),
    name: d.deviceName || null,
    model: d.model || null,
    output_type: d.connection || (d.builtin ? 'internal' : null),
    width: d.currentResX ?? d.resolutionX ?? null,
    height: d.currentResY ?? d.resolutionY ?? null,
    main: Boolean(d.main) || (graphics.displays.length === 1 && i === 0),
  }));
  // The system found no displays (no X server, a service account) but the school's report names some.
  const fromReport =
    displays.length === 0 && report
      ? report.monitors.map((m, i) => ({ ...m, width: null, height: null, main: i === 0 }))
      : displays;
  return {
    os: {
      platform: os.platform,
      distro: os.distro,
      release: os.release,
      windows_version: windowsVersionOf(os.platform, os.release),
      hostname: os.hostname,
    },
    remote_session: signs.length > 0,
    remote_signs: signs,
    virtual_machine: Boolean(system?.virtual),
    // No library reads the lock state portably: the system's own sign where it has one, else null.
    screen_locked: screenLockFrom(os.platform, names, lockedHint),
    unique_id: uuid.hardware || uuid.os || uuid.macs[0] || os.hostname,
    displays: fromReport,
    usb_devices: usb.map((d) => ({
      id: String(d.id ?? `${d.bus}-${d.deviceId}`),
      name: d.name || d.manufacturer || 'USB device',
      type: d.type || null,
    })),
    processes: processes.map((p) => ({ name: p.name, pid: p.pid })),
    connections: connections ? connections.length : null,
  };
}
