import { spawn } from 'node:child_process';

export interface RunResult {
  code: number;
  /** stdout and stderr interleaved, or the spawn error (e.g. `spawn gcc ENOENT`). */
  output: string;
}

/** Runs a command to completion; never throws, so callers can tell a missing tool from a failed build. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => resolve({ code: -1, output: `${output}${error.message}` }));
    child.once('close', (code) => resolve({ code: code ?? -1, output }));
  });
}
