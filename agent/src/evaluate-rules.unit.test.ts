import { DEFAULT_DEVICE_AGENT_RULES, deviceReport, type DeviceAgentRules } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { buildReport, evaluateRules } from './evaluate-rules';
import type { DeviceSnapshot } from './snapshot';

const display = (id: string, width: number, height: number, main: boolean) => ({
  id,
  name: null,
  model: null,
  output_type: 'HDMI',
  width,
  height,
  main,
});

const clean: DeviceSnapshot = {
  os: {
    platform: 'win32',
    distro: 'Windows 11 Pro',
    release: '10.0.22631',
    windows_version: 'Windows 11',
    hostname: 'pc-7',
  },
  remote_session: false,
  remote_signs: [],
  virtual_machine: false,
  screen_locked: null,
  unique_id: 'abc',
  displays: [display('1', 1920, 1080, true)],
  usb_devices: [
    { id: 'usb-1', name: 'Logitech Keyboard', type: 'Keyboard' },
    { id: 'usb-2', name: 'SanDisk Ultra', type: 'Mass Storage' },
  ],
  processes: [
    { name: 'explorer.exe', pid: 10 },
    { name: 'chrome.exe', pid: 11 },
  ],
  connections: 12,
};
const rules = (change: Partial<DeviceAgentRules> = {}): DeviceAgentRules => ({
  ...DEFAULT_DEVICE_AGENT_RULES,
  ...change,
});

describe('the rules evaluator', () => {
  it('finds nothing on a clean computer under the school defaults', () => {
    expect(evaluateRules(clean, rules())).toEqual([]);
  });

  it('finds a prohibited program by class and by name, once per program, .exe and case ignored', () => {
    const snapshot = {
      ...clean,
      processes: [
        ...clean.processes,
        { name: 'AnyDesk.exe', pid: 20 },
        { name: 'AnyDesk.exe', pid: 21 },
        { name: 'Telegram.exe', pid: 22 },
        { name: 'calc.exe', pid: 23 },
      ],
    };
    // Defaults refuse remote desktops, not messengers; calc is refused by name.
    expect(evaluateRules(snapshot, rules({ prohibited_processes: ['CALC'] }))).toEqual([
      { kind: 'prohibited_process', key: 'anydesk', detail: 'AnyDesk.exe (удалённый рабочий стол)' },
      { kind: 'prohibited_process', key: 'calc', detail: 'calc.exe' },
    ]);
    const withMessengers = evaluateRules(snapshot, rules({ prohibited_process_classes: ['messenger'] }));
    expect(withMessengers.map((f) => f.key)).toEqual(['telegram']);
  });

  it('finds forbidden USB classes only when the school forbids them', () => {
    expect(evaluateRules(clean, rules())).toEqual([]);
    expect(evaluateRules(clean, rules({ forbidden_usb_classes: ['mass_storage'] }))).toEqual([
      { kind: 'forbidden_usb_device', key: 'usb-2', detail: 'SanDisk Ultra (mass_storage)' },
    ]);
  });

  it('judges the main display against the smallest resolution, and counts displays', () => {
    const small = { ...clean, displays: [display('1', 1920, 1080, false), display('2', 800, 600, true)] };
    expect(evaluateRules(small, rules())).toEqual([
      { kind: 'bad_screen_resolution', key: '800x600', detail: '800×600 < 1024×720' },
      { kind: 'second_monitor', key: '2', detail: 'мониторов: 2' },
    ]);
    expect(evaluateRules(small, rules({ min_resolution: null, single_display: false }))).toEqual([]);
  });

  it('refuses a remote session and a virtual machine when told to', () => {
    const remote = {
      ...clean,
      remote_session: true,
      remote_signs: ['SSH_CONNECTION'],
      virtual_machine: true,
    };
    expect(evaluateRules(remote, rules()).map((f) => f.kind)).toEqual(['remote_session', 'virtual_machine']);
    expect(
      evaluateRules(remote, rules({ refuse_remote_session: false, refuse_virtual_machine: false })),
    ).toEqual([]);
  });
});

describe('the report (privacy)', () => {
  const snapshot = { ...clean, processes: [...clean.processes, { name: 'anydesk', pid: 30 }] };

  it('sends only the processes and devices that break a rule unless full reports are asked', () => {
    const report = buildReport(snapshot, rules({ forbidden_usb_classes: ['mass_storage'] }), '0.1.0');
    expect(deviceReport.parse(report)).toEqual(report);
    expect(report.processes).toEqual([{ name: 'anydesk', pid: 30, class: 'remote_desktop' }]);
    expect(report.usb_devices).toEqual([{ id: 'usb-2', name: 'SanDisk Ultra', class: 'mass_storage' }]);
    expect(report.connections).toBeNull();
    expect(report.full).toBe(false);
  });

  it('sends whole lists with full_report', () => {
    const report = buildReport(snapshot, rules({ full_report: true }), '0.1.0');
    expect(report.processes.map((p) => p.name)).toEqual(['explorer.exe', 'chrome.exe', 'anydesk']);
    expect(report.usb_devices).toHaveLength(2);
    expect(report.connections).toBe(12);
  });
});
