/**
 * `npm run bench -- shop`: checkout end to end on the embedded platform, with the embedded test
 * provider. BENCH_BUYERS (20) signed-in students each buy BENCH_ROUNDS (5) times in a row, all at once:
 * add a product to the basket → POST /api/payment/make → press Pay on the provider's page (the signed
 * callback) → their grant appears in GET /api/shop/grants.json (the fulfilment process manager's work,
 * then the grants projection).
 * - `checkout_orders_per_s`: orders paid and granted per second, against the raw event-store append
 *   rate in the same run (single-event appends from as many writers, no HTTP and no checks): the
 *   ceiling of one append per step;
 * - `callback_to_access_p99_ms` / `_p50_ms`: the Pay press (the callback) → the grant readable.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { streamId } from '@sabaq/events';
import { DEMO_SCHOOL_ID } from '../../services/src/contexts/identity/seed';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { hostInfo } from './host';
import { inPool, registerBenchStudents, signIn } from './proctoring-setup';
import { percentile, record, type Figure } from './record';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
/** BENCH_RECORD=0: print the figures only. */
const RECORD = process.env.BENCH_RECORD !== '0';
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;

const say = (line: string) => console.error(`[shop bench] ${line}`);
const round = (n: number) => Math.round(n * 100) / 100;

async function api(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/** One checkout: basket, payment, the Pay press; answers the ms from the press to the grant readable. */
async function checkout(base: string, token: string, productId: string, providerId: string, had: number) {
  await api(base, 'POST', '/api/basket/add.json', token, { product_id: productId });
  const made = await api(base, 'POST', `/api/payment/make/${providerId}`, token, { is_mobile: false });
  const src = /src="([^"]+)"/.exec(String(made.view))![1]!.replace(/&#38;/g, '&');
  const url = new URL(src, base);
  const form = new URLSearchParams({
    order_id: url.searchParams.get('order')!,
    amount: url.searchParams.get('amount')!,
    token: url.searchParams.get('token')!,
  });
  const pressed = performance.now();
  const answer = await fetch(`${base}${url.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (!answer.ok) throw new Error(`pay: ${answer.status}`);
  for (;;) {
    const grants = (await api(base, 'GET', '/api/shop/grants.json', token)).entities as unknown[];
    if (grants.length > had) return performance.now() - pressed;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Single-event appends from BUYERS writers for BASELINE_SECONDS: the store's raw rate on this machine. */
async function rawAppendRate(platform: Platform) {
  let appended = 0;
  const until = performance.now() + BASELINE_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, w) => {
      const user = `bench-raw-${w}`;
      while (performance.now() < until) {
        const event = {
          id: randomUUID(),
          type: 'CartOrderOpened',
          data: { user_id: user, order_id: randomUUID(), at: new Date().toISOString() },
          metadata: { userId: user, schoolId: DEMO_SCHOOL_ID },
        };
        await platform.store.append(streamId('shop_cart', user), [event], { expectedVersion: 'any' });
        appended += 1;
      }
    }),
  );
  return appended / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-shop-'));
  const loadAverage = os.loadavg()[0] ?? 0;
  const platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'error' });
  const caughtUp = async () => platform.runner?.caughtUp();
  try {
    await caughtUp();
    const base = platform.url;
    const names = Array.from({ length: BUYERS }, (_, i) => `bench-buyer-${String(i + 1).padStart(3, '0')}`);
    await registerBenchStudents(platform.store, names, 'Покупатель');
    await caughtUp();
    const manager = (await signIn(base, 'manager')).access;
    const product = await api(base, 'POST', '/api/products', manager, {
      name: 'Курс для нагрузки',
      price: 100_000,
      currency: 'KZT',
      course_id: 'bench-course',
    });
    const provider = await api(base, 'POST', '/api/payment-providers', manager, {
      name: 'Тест',
      type: 'test',
    });
    const productId = (product.entity as { id: string }).id;
    const providerId = (provider.entity as { id: string }).id;
    const tokens = await inPool(names, 4, async (username) => (await signIn(base, username)).access);
    await caughtUp();
    say(`${BUYERS} buyers signed in; raw appends for ${BASELINE_SECONDS} s`);
    const rawPerSecond = await rawAppendRate(platform);
    await caughtUp();
    say(`raw store appends: ${Math.round(rawPerSecond)}/s; now ${BUYERS} × ${ROUNDS} checkouts`);

    const lags: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        for (let r = 0; r < ROUNDS; r += 1) {
          try {
            lags.push(await checkout(base, token, productId, providerId, r));
          } catch (error) {
            errors += 1;
            say(String(error));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const paid = lags.length;
    const figures: Figure[] = [
      figure('checkout_orders_per_s', round(paid / seconds), 'orders/s', Math.round(rawPerSecond)),
      figure('callback_to_access_p99_ms', round(percentile(lags, 99)), 'ms', null),
      figure('callback_to_access_p50_ms', round(percentile(lags, 50)), 'ms', null),
      figure('errors', errors, 'checkouts', null),
    ];
    const report = RECORD
      ? record
      : (lines: Figure[]) => lines.forEach((f) => console.log(JSON.stringify(f)));
    report(figures, {
      ...hostInfo(),
      buyers: BUYERS,
      rounds: ROUNDS,
      orders_paid: paid,
      seconds: round(seconds),
      raw_appends_per_s: Math.round(rawPerSecond),
      load_avg_1m_at_start: round(loadAverage),
    });
  } finally {
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function figure(metric: string, value: number, unit: string, baseline: number | null): Figure {
  return { bench: 'shop', metric, value, unit, baseline, ratio: baseline ? round(value / baseline) : null };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
