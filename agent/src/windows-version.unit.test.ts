import { describe, expect, it } from 'vitest';
import { windowsVersionOf } from './windows-version';

describe('Windows by release prefix (spec 001 §9)', () => {
  it('names 6.1 Windows 7, 10 Windows 10, 11 Windows 11', () => {
    expect(windowsVersionOf('win32', '6.1.7601')).toBe('Windows 7');
    expect(windowsVersionOf('win32', '10.0.19045')).toBe('Windows 10');
    expect(windowsVersionOf('Windows', '11')).toBe('Windows 11');
  });

  it('tells Windows 11 by its build, since it still reports kernel 10.0', () => {
    expect(windowsVersionOf('win32', '10.0.22631')).toBe('Windows 11');
    expect(windowsVersionOf('win32', '10.0.21999')).toBe('Windows 10');
  });

  it('names nothing else', () => {
    expect(windowsVersionOf('win32', '6.3.9600')).toBeNull();
    expect(windowsVersionOf('win32', '6.10')).toBeNull();
    expect(windowsVersionOf('linux', '6.1.0-18-amd64')).toBeNull();
    expect(windowsVersionOf('darwin', '10.15')).toBeNull();
  });
});
