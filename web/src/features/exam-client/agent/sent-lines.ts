import type { DeviceReport } from '@sabaq/events';
import type { ExamKey } from '../i18n/use-exam-text';

type Say = (key: ExamKey, values?: Record<string, string | number>) => string;

export interface SentLine {
  /** Names the line for the page (`agent-report-{id}`). */
  id: 'os' | 'flags' | 'identity' | 'displays' | 'processes' | 'usb' | 'connections';
  text: string;
}

/**
 * The agent's report as the lines the student reads before the attempt (docs/device-agent.md, "What it
 * sends"): every value the report carries to the platform, except the findings (listed apart) and what
 * only restates them (a process's or device's class, a display's position in the list). A list is shown
 * when the report carries it: whole with a full report, else only its entries that break a rule.
 */
export function sentLines(report: DeviceReport, say: Say): SentLine[] {
  const yesNo = (value: boolean | null) =>
    value === null ? say('agent.unknown') : say(value ? 'agent.yes' : 'agent.no');
  const system = [report.os.distro, report.os.release].filter(Boolean).join(' ');
  const kind = [report.os.platform, report.os.windows_version].filter(Boolean).join(', ');
  const lines: SentLine[] = [
    {
      id: 'os',
      text: `${say('agent.os')}: ${system} (${kind}) · ${say('agent.host')}: ${report.os.hostname}`,
    },
    {
      id: 'flags',
      text: [
        `${say('agent.remote')}: ${yesNo(report.remote_session)}`,
        `${say('agent.vm')}: ${yesNo(report.virtual_machine)}`,
        `${say('agent.locked')}: ${yesNo(report.screen_locked)}`,
      ].join(' · '),
    },
    { id: 'identity', text: say('agent.identity', { id: report.unique_id, version: report.agent_version }) },
    {
      id: 'displays',
      text: `${say('agent.displays')}: ${
        report.displays.length === 0
          ? '—'
          : report.displays
              .map((d) => {
                const name = [d.name, d.model].filter(Boolean).join(' ') || say('agent.unknownDisplay');
                return say('agent.display', {
                  name: d.output_type ? `${name} (${d.output_type})` : name,
                  width: d.width ?? '?',
                  height: d.height ?? '?',
                });
              })
              .join(', ')
      }`,
    },
  ];
  if (report.processes.length > 0) {
    lines.push({
      id: 'processes',
      text: say('agent.processesSent', {
        count: report.processes.length,
        list: report.processes.map((p) => `${p.name} (${p.pid})`).join(', '),
      }),
    });
  }
  if (report.usb_devices.length > 0) {
    lines.push({
      id: 'usb',
      text: say('agent.usbSent', {
        count: report.usb_devices.length,
        list: report.usb_devices.map((u) => `${u.name} (${u.id})`).join(', '),
      }),
    });
  }
  if (report.connections !== null) {
    lines.push({ id: 'connections', text: say('agent.connections', { count: report.connections }) });
  }
  return lines;
}
