import os from 'node:os';

/** Which machine produced a figure, recorded beside it. */
export function hostInfo(): Record<string, unknown> {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    mem_gb: Math.round(os.totalmem() / 2 ** 30),
  };
}
