/**
 * Which workers a role runs: every one in embedded mode, none in the distributed api role (users'
 * requests never wait behind a transcode), one each in the worker roles. A variable already set wins.
 */
const workerSwitches: Record<string, Record<string, string>> = {
  api: { TRANSCODER: 'off', ANALYZER: 'off' },
  transcoder: { ANALYZER: 'off' },
  analyzer: { TRANSCODER: 'off' },
};

export function applyWorkerSwitches(role: string, env: Record<string, string | undefined>): void {
  for (const [variable, value] of Object.entries(workerSwitches[role] ?? {})) env[variable] ??= value;
}
