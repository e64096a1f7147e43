/**
 * Reads a `.cpuprofile` (from `node --cpu-prof --import tsx scripts/bench/proctoring.bench.ts ...`, whose
 * process is the embedded platform) and prints where the main thread spent its time: self time per
 * function and per file (node_modules grouped by package), and the busy share of the sampled span.
 * `node --import tsx scripts/bench/proctoring-profile.ts <file.cpuprofile> [rows] [function]` (with a
 * function's name: also who called it, as chains of five frames, by its self time under each)
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, rowsArg, callersOf, depthArg] = process.argv.slice(2);
const depth = Number(depthArg ?? 5);
if (!file) {
  console.error('usage: proctoring-profile.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** A package's name for node_modules files, the repository path for ours, the bare name for V8's. */
function place(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const repo = url.indexOf('/services/');
  if (repo >= 0) return url.slice(repo + 1);
  const events = url.indexOf('/events/');
  if (events >= 0) return url.slice(events + 1);
  return url.replace(/^file:\/\//, '');
}

const perFunction = new Map<string, number>();
const perPlace = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  total += us;
  if (frame.functionName === '(idle)') idle += us;
  const where = place(frame.url);
  const name = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  perFunction.set(name, (perFunction.get(name) ?? 0) + us);
  if (frame.functionName !== '(idle)') perPlace.set(where, (perPlace.get(where) ?? 0) + us);
}

const busy = total - idle;
const share = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${Math.round(us / 1000)} ms`.padStart(10);
console.log(
  `sampled ${ms(total)}; busy ${ms(busy)} (${((busy / total) * 100).toFixed(0)}%), shares of busy:`,
);
const top = (map: Map<string, number>, title: string) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows))
    console.log(`${share(us)} ${ms(us)}  ${name}`);
};
top(perPlace, 'self time per file or package');
top(perFunction, 'self time per function');

if (callersOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const chains = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName !== callersOf) continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < depth; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      // With OURS=1 only the project's own frames make the chain (who asked, not the driver's steps).
      if (process.env.OURS === '1' && !/^(services|events)\//.test(place(frame.url))) continue;
      chain.push(
        `${frame.functionName || '(anonymous)'}@${place(frame.url).split('/').pop()}:${frame.lineNumber + 1}`,
      );
    }
    const key = chain.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + us);
  }
  top(chains, `callers of ${callersOf}`);
}
