import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, type Body } from '../authoring/http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;

/**
 * A fresh demo (`DEMO=1`, DEMO_HISTORY on): the demo school's shop has one product of each kind, and
 * four weeks of orders made through the order commands show in the manager's orders and the sales
 * figures, one of them refunded and one basket never paid.
 */
describe('the demo shop', () => {
  let platform: Platform;
  let dataDir: string;
  let http: ReturnType<typeof client>;
  let manager: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/shop-demo-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true, demoHistory: true });
    http = client(platform.url);
    manager = await http.token('manager');
  }, 300_000);
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Asks again until the answer is the expected one: orders reach the lists through projections. */
  async function until(probe: () => Promise<Body>, ok: (b: Body) => boolean): Promise<Body> {
    for (let i = 0; ; i += 1) {
      const body = await probe();
      if (ok(body) || i > 600) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('has one product of each kind', async () => {
    const products = (await http.call('GET', '/api/products', manager)).body.entities as {
      shipment_type: string;
      payment_type: string;
    }[];
    const kinds = new Set(products.map((p) => `${p.shipment_type}/${p.payment_type}`));
    expect(kinds).toEqual(
      new Set(['digital/forever', 'digital/voucher', 'digital/subscription', 'physical/forever']),
    );
  });

  it('shows past orders, paid and refunded, in the orders and the sales figures', async () => {
    const orders = await until(
      async () => (await http.call('GET', '/api/orders?limit=50', manager)).body,
      (b) =>
        (b.entities as { data: { status: string }[] }).data.filter((o) => o.status === 'completed').length ===
        8,
    );
    const statuses = (orders.entities as { data: { status: string; created_at: string }[] }).data.map(
      (o) => o.status,
    );
    expect(statuses.filter((s) => s === 'completed')).toHaveLength(8);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'basket')).toHaveLength(1);

    const figures = await until(
      async () => (await http.call('GET', '/api/shop/analytics.json', manager)).body,
      (b) => (b.entity as { conversion?: { refunded: number } } | undefined)?.conversion?.refunded === 1,
    );
    const entity = figures.entity as {
      revenue_by_day: unknown[];
      revenue: { currency: string; paid: number; refunded: number }[];
      conversion: { baskets: number; paid: number; refunded: number };
    };
    expect(entity.conversion).toMatchObject({ baskets: 10, paid: 9, refunded: 1 });
    expect(entity.revenue[0]).toMatchObject({ currency: 'KZT', refunded: 1_350_000 });
    expect(entity.revenue_by_day.length).toBeGreaterThan(5);
  });
});
