import { describe, expect, it } from 'vitest';
import { processClassOf } from './process-classes';
import { remoteSessionSigns } from './remote-session';

describe('remote-session signs', () => {
  it('sees SSH, an RDP session name, xrdp and its processes', () => {
    expect(remoteSessionSigns({ SSH_CONNECTION: '10.0.0.2 5000 10.0.0.3 22' }, [])).toEqual([
      'SSH_CONNECTION',
    ]);
    expect(remoteSessionSigns({ SESSIONNAME: 'RDP-Tcp#3' }, [])).toEqual(['SESSIONNAME=RDP-Tcp#3']);
    expect(remoteSessionSigns({ XRDP_SESSION: '1' }, ['xrdp-sesman'])).toEqual([
      'XRDP_SESSION',
      'process xrdp-sesman',
    ]);
  });

  it('sees nothing at the keyboard', () => {
    expect(remoteSessionSigns({ SESSIONNAME: 'Console' }, ['explorer.exe', 'chrome.exe'])).toEqual([]);
  });
});

describe('process classes', () => {
  it('knows programs by whole name, case and .exe ignored', () => {
    expect(processClassOf('AnyDesk.exe')).toBe('remote_desktop');
    expect(processClassOf('C:\\Program Files\\TeamViewer\\TeamViewer.exe')).toBe('remote_desktop');
    expect(processClassOf('obs64.exe')).toBe('screen_sharing');
    expect(processClassOf('Telegram')).toBe('messenger');
    expect(processClassOf('VirtualBoxVM')).toBe('virtual_machine');
    expect(processClassOf('zoomit.exe')).toBeNull();
  });
});
