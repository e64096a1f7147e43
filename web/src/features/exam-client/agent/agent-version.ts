/**
 * Dotted versions compared number by number ("0.10.0" is newer than "0.9.3"); a part that is not a
 * number counts as 0, a pre-release suffix ("1.0.0-beta") is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split('-')[0]!
      .split('.')
      .map((p) => Number.parseInt(p, 10) || 0);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const isOutdated = (agentVersion: string, minVersion: string) =>
  compareVersions(agentVersion, minVersion) < 0;
