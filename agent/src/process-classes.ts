import type { PROCESS_CLASSES } from '@sabaq/events';

export type ProcessClass = (typeof PROCESS_CLASSES)[number];

/**
 * Programs a school may refuse by class, known by their process names (lower case, without `.exe`).
 * A name is matched whole, so "zoom" does not catch "zoomit"; the lists name the usual executables of
 * each program on Windows, macOS and Linux.
 */
export const PROCESS_CLASS_TABLE: Record<ProcessClass, readonly string[]> = {
  remote_desktop: [
    'anydesk',
    'teamviewer',
    'teamviewer_service',
    'rustdesk',
    'ammyy_admin',
    'aa_v3',
    'radmin',
    'rserver3',
    'vncviewer',
    'vncserver',
    'winvnc',
    'tvnserver',
    'x11vnc',
    'chrome_remote_desktop_host',
    'remoting_host',
    'mstsc',
    'parsecd',
    'splashtop',
    'srserver',
    'ultraviewer',
    'getscreen',
    'supremo',
    'dwagent',
    'xrdp',
    'nomachine',
    'nxserver',
  ],
  screen_sharing: [
    'obs',
    'obs64',
    'obs32',
    'zoom',
    'zoom.us',
    'discord',
    'skype',
    'teams',
    'ms-teams',
    'webex',
    'bandicam',
    'camtasia',
    'sharex',
    'loom',
    'simplescreenrecorder',
    'kazam',
    'vokoscreen',
  ],
  messenger: [
    'telegram',
    'whatsapp',
    'viber',
    'signal',
    'slack',
    'element',
    'icq',
    'wechat',
    'line',
    'messenger',
  ],
  virtual_machine: [
    'virtualbox',
    'virtualboxvm',
    'vboxsvc',
    'vboxheadless',
    'vmware',
    'vmware-vmx',
    'vmplayer',
    'vmwareuser',
    'qemu-system-x86_64',
    'prl_client_app',
    'vmms',
    'vmwp',
  ],
};

/** A process name as matched: lower case, without a Windows `.exe` and without a path. */
export function normalProcessName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base
    .toLowerCase()
    .replace(/\.exe$/, '')
    .trim();
}

/** The class a process belongs to, or null for a program the table does not know. */
export function processClassOf(name: string): ProcessClass | null {
  const normal = normalProcessName(name);
  for (const [cls, names] of Object.entries(PROCESS_CLASS_TABLE) as [ProcessClass, readonly string[]][]) {
    if (names.includes(normal)) return cls;
  }
  return null;
}

/** How a class is shown beside a program's name in a finding's detail. */
// In Russian, the platform's default language: the detail is shown as it is to the student and in the
// proctor's timeline, and the agent does not know the page's language.
export const PROCESS_CLASS_LABEL: Record<ProcessClass, string> = {
  remote_desktop: 'удалённый рабочий стол',
  screen_sharing: 'показ экрана',
  messenger: 'мессенджер',
  virtual_machine: 'виртуальная машина',
};
