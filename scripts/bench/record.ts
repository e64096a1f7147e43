import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
}

const FILE = 'docs/benchmarks.md';
const HEADER = `# Benchmarks

Each line is one figure from \`npm run bench -- <name>\`, as JSON, next to a baseline measured in the same
run on the same machine (so ratios survive noisy machines). A new run replaces the lines of its figures.
Machine of the last run of each: see the \`host\` field.

`;

/** Prints each figure as one JSON line and records it in docs/benchmarks.md, replacing its previous line. */
export function record(figures: Figure[], host: Record<string, unknown>): void {
  const lines = new Map<string, string>();
  if (existsSync(FILE)) {
    for (const line of readFileSync(FILE, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed = JSON.parse(line) as Figure;
        lines.set(`${parsed.bench}/${parsed.metric}`, line);
      } catch {
        // a hand-edited line that is not JSON is dropped
      }
    }
  }
  for (const figure of figures) {
    const line = JSON.stringify({ ...figure, at: new Date().toISOString(), host });
    console.log(JSON.stringify(figure));
    lines.set(`${figure.bench}/${figure.metric}`, line);
  }
  const sorted = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  writeFileSync(FILE, `${HEADER}${sorted.join('\n')}\n`);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
