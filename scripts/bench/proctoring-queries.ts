/**
 * `--count-queries`: counts the statements the platform sends to PostgreSQL during the load, by their
 * first words, to see which ones each action costs (every statement is a socket write and a wake-up of a
 * database process). Patches pg's Client.query for this process only.
 */
import pg from 'pg';

const counts = new Map<string, number>();
let counting = false;

export function countQueries(): void {
  const original = pg.Client.prototype.query;
  // pg's query has many overloads; the text is the first argument or its `text`.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '(submittable)');
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

export function startCounting(): void {
  counts.clear();
  counting = true;
}

/** The statements seen since startCounting, most frequent first, per accepted action. */
export function countedQueries(actions: number): string[] {
  counting = false;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [
    `${total} statements, ${(total / Math.max(1, actions)).toFixed(2)} per action`,
    ...[...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([text, n]) => `${(n / Math.max(1, actions)).toFixed(3).padStart(7)}  ${n}  ${text}`),
  ];
}
