import type { DeviceReport } from '@sabaq/events';

/**
 * Everything one look at the computer found, before the rules decide what of it leaves the machine.
 * Collected by collect.ts, judged by evaluate-rules.ts (pure), so the judging is tested without a
 * computer to look at.
 */
export interface DeviceSnapshot {
  os: DeviceReport['os'];
  remote_session: boolean;
  /** Why the session counts as remote, e.g. "SSH_CONNECTION"; empty when it does not. */
  remote_signs: string[];
  virtual_machine: boolean;
  screen_locked: boolean | null;
  unique_id: string;
  displays: DeviceReport['displays'];
  usb_devices: { id: string; name: string; type: string | null }[];
  processes: { name: string; pid: number }[];
  connections: number | null;
}
