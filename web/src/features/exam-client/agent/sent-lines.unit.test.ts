import { describe, expect, it } from 'vitest';
import type { DeviceReport } from '@sabaq/events';
import { examText } from '../i18n/use-exam-text';
import { sentLines } from './sent-lines';

const say = (language: string) => (key: string, values?: Record<string, string | number>) =>
  examText(language, key, values);

/** A full report with a distinct value everywhere, so each can be looked for in what is shown. */
const full: DeviceReport = {
  agent_version: '0.3.7',
  os: {
    platform: 'win32',
    distro: 'Microsoft Windows 11 Pro',
    release: '10.0.22631',
    windows_version: 'Windows 11',
    hostname: 'desk-17',
  },
  remote_session: true,
  virtual_machine: false,
  screen_locked: null,
  unique_id: '4c4c4544-0042-3510-8052-b4c04f4b4e32',
  displays: [
    {
      id: 'DISPLAY1',
      name: 'Dell P2419H',
      model: 'DELA0F4',
      output_type: 'HDMI',
      width: 1920,
      height: 1080,
      main: true,
    },
    {
      id: 'DISPLAY2',
      name: 'Built-in',
      model: null,
      output_type: null,
      width: null,
      height: null,
      main: false,
    },
  ],
  usb_devices: [{ id: '0781:5567', name: 'SanDisk Cruzer', class: 'mass_storage' }],
  processes: [
    { name: 'AnyDesk.exe', pid: 4242, class: 'remote_desktop' },
    { name: 'notepad.exe', pid: 77, class: null },
  ],
  connections: 31,
  full: true,
  findings: [{ kind: 'prohibited_process', key: 'anydesk', detail: 'AnyDesk.exe (удалённый рабочий стол)' }],
};

/**
 * Every string and number the report carries, but the findings (listed apart), `full`, and what only
 * restates another value: a class (from the name), a display's id and main flag (its place in the list).
 * A USB device's id is its own fact (vendor and product), so the test adds it back by hand.
 */
function sentValues(node: unknown, key = ''): string[] {
  if (['findings', 'full', 'class', 'id', 'main'].includes(key)) return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap((item) => sentValues(item));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => sentValues(v, k));
  }
  return [];
}

describe('what the student is shown of the agent report', () => {
  it('shows every value the report sends, in each language', () => {
    const values = [...sentValues(full), full.usb_devices[0]!.id];
    expect(values).toContain('desk-17');
    expect(values).toContain('4242');
    for (const language of ['ru', 'en', 'kz']) {
      const text = sentLines(full, say(language))
        .map((l) => l.text)
        .join('\n');
      for (const value of values) expect(text, `${language}: ${value}`).toContain(value);
    }
  });

  it('says yes, no and unknown for the flags', () => {
    const flags = sentLines(full, say('en')).find((l) => l.id === 'flags')!.text;
    expect(flags).toBe('Remote session: yes · Virtual machine: no · Screen locked: unknown');
  });

  it('shows only the lists the report carries: none of a report that found nothing', () => {
    const lean: DeviceReport = { ...full, full: false, processes: [], usb_devices: [], connections: null };
    expect(sentLines(lean, say('en')).map((l) => l.id)).toEqual(['os', 'flags', 'identity', 'displays']);
    const text = sentLines(lean, say('en'))
      .map((l) => l.text)
      .join('\n');
    expect(text).toContain('Computer id: 4c4c4544-0042-3510-8052-b4c04f4b4e32 · agent version 0.3.7');
    expect(text).not.toContain('notepad');
  });
});
