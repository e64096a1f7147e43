import type { DeviceAgentRules, DeviceFinding, DeviceReport } from '@sabaq/events';
import { normalProcessName, PROCESS_CLASS_LABEL, processClassOf } from './process-classes';
import type { DeviceSnapshot } from './snapshot';
import { usbClassOf } from './usb-classes';

/**
 * The rules applied to one snapshot: the conditions true now (pure). One finding per prohibited
 * program (by name, however many of its processes run), per forbidden device, and one each for a
 * too small main display, a second display, a remote session and a virtual machine.
 */
export function evaluateRules(snapshot: DeviceSnapshot, rules: DeviceAgentRules): DeviceFinding[] {
  const findings: DeviceFinding[] = [];
  const named = new Set(rules.prohibited_processes.map(normalProcessName));
  const seen = new Set<string>();
  for (const process of snapshot.processes) {
    const name = normalProcessName(process.name);
    if (seen.has(name)) continue;
    const cls = processClassOf(name);
    const byClass = cls !== null && rules.prohibited_process_classes.includes(cls);
    if (!named.has(name) && !byClass) continue;
    seen.add(name);
    const detail = cls ? `${process.name} (${PROCESS_CLASS_LABEL[cls]})` : process.name;
    findings.push({ kind: 'prohibited_process', key: name, detail });
  }
  for (const device of snapshot.usb_devices) {
    const cls = usbClassOf(device.type, device.name);
    if (cls === null || !rules.forbidden_usb_classes.includes(cls)) continue;
    findings.push({ kind: 'forbidden_usb_device', key: device.id, detail: `${device.name} (${cls})` });
  }
  const main = snapshot.displays.find((d) => d.main) ?? snapshot.displays[0];
  const min = rules.min_resolution;
  if (min && main && main.width !== null && main.height !== null) {
    if (main.width < min.width || main.height < min.height) {
      findings.push({
        kind: 'bad_screen_resolution',
        key: `${main.width}x${main.height}`,
        detail: `${main.width}×${main.height} < ${min.width}×${min.height}`,
      });
    }
  }
  if (rules.single_display && snapshot.displays.length > 1) {
    findings.push({
      kind: 'second_monitor',
      key: String(snapshot.displays.length),
      detail: `мониторов: ${snapshot.displays.length}`,
    });
  }
  if (rules.refuse_remote_session && snapshot.remote_session) {
    findings.push({ kind: 'remote_session', key: 'session', detail: snapshot.remote_signs.join(', ') });
  }
  if (rules.refuse_virtual_machine && snapshot.virtual_machine) {
    findings.push({ kind: 'virtual_machine', key: 'machine', detail: snapshot.os.hostname });
  }
  return findings;
}

/**
 * The report that leaves the machine. Privacy (docs/device-agent.md): the system part always; of the
 * lists only what breaks a rule (the prohibited processes found, the forbidden devices) unless the
 * school asked for full reports.
 */
export function buildReport(
  snapshot: DeviceSnapshot,
  rules: DeviceAgentRules,
  agentVersion: string,
): DeviceReport {
  const findings = evaluateRules(snapshot, rules);
  const full = rules.full_report;
  const flaggedProcesses = new Set(findings.filter((f) => f.kind === 'prohibited_process').map((f) => f.key));
  const flaggedDevices = new Set(findings.filter((f) => f.kind === 'forbidden_usb_device').map((f) => f.key));
  return {
    agent_version: agentVersion,
    os: snapshot.os,
    remote_session: snapshot.remote_session,
    virtual_machine: snapshot.virtual_machine,
    screen_locked: snapshot.screen_locked,
    unique_id: snapshot.unique_id,
    displays: snapshot.displays,
    usb_devices: snapshot.usb_devices
      .filter((d) => full || flaggedDevices.has(d.id))
      .map((d) => ({ id: d.id, name: d.name, class: usbClassOf(d.type, d.name) })),
    processes: snapshot.processes
      .filter((p) => full || flaggedProcesses.has(normalProcessName(p.name)))
      .map((p) => ({ name: p.name, pid: p.pid, class: processClassOf(p.name) })),
    connections: full ? snapshot.connections : null,
    full,
    findings,
  };
}
