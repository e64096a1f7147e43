/**
 * Windows by its release (kernel version) prefix, as specification 001 §9 names it: "6.1" is Windows 7,
 * "10" Windows 10, "11" Windows 11. Windows 11 still reports kernel 10.0 with a build of 22000 or more,
 * so a "10.0.<build>" release is told apart by its build; null for any other system.
 */
export function windowsVersionOf(platform: string, release: string): string | null {
  if (!/^win/i.test(platform)) return null;
  const parts = release.trim().split('.');
  const [major, minor, build] = [parts[0], parts[1], Number(parts[2])];
  if (major === '6' && minor === '1') return 'Windows 7';
  if (major === '11') return 'Windows 11';
  if (major === '10') return Number.isFinite(build) && build >= 22_000 ? 'Windows 11' : 'Windows 10';
  return null;
}
