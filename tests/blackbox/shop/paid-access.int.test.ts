import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_ACCESS_REFUSED } from '../../../services/src/contexts/shop/grants';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf, idsOf, type Body } from '../authoring/http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
type Answer = { status: number; body: Body };

/**
 * The whole platform: a prepaid course and a prepaid assignment stay closed to a student until they
 * buy the product that grants them (with a promo code, through the embedded test provider's page), and
 * close again when the manager refunds the order.
 */
describe('buying opens a prepaid course and assignment; a refund closes them', () => {
  let platform: Platform;
  let dataDir: string;
  let http: ReturnType<typeof client>;
  let teacher: string;
  let student: string;
  let manager: string;
  const ids: Record<string, string> = {};

  const create = async (bearer: string, collection: string, body: object) =>
    entityOf(await http.call('POST', `/api/${collection}`, bearer, body), 201).id;
  /** Asks again until the answer is the expected one: grants reach the readers through projections. */
  async function until(probe: () => Promise<Answer>, ok: (a: Answer) => boolean): Promise<Answer> {
    for (let i = 0; ; i += 1) {
      const answer = await probe();
      if (ok(answer) || i > 600) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const material = () => http.call('GET', `/api/course-materials/${ids.material}`, student);
  const start = () =>
    http.call('POST', '/api/assignment-attempts', student, { assignment_id: ids.assignment });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/shop-paid-access-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    teacher = await http.token('teacher');
    student = await http.token('student');
    manager = await http.token('manager');
    const lesson = idsOf(await http.call('GET', '/api/lessons', teacher))[0]!;
    ids.course = await create(teacher, 'courses', {
      name: 'Платный курс',
      status: 'published',
      availability_type: 'prepaid',
    });
    const group = await create(teacher, 'course-groups', { course_id: ids.course, name: 'Раздел' });
    ids.material = await create(teacher, 'course-materials', {
      course_id: ids.course,
      course_group_id: group,
      type: 'lesson',
      lesson_id: lesson,
      status: 'published',
      name: 'Урок курса',
    });
    ids.assignment = await create(teacher, 'assignments', {
      type: 'external',
      name: 'Платное задание',
      access_type: 'prepaid',
      students: [],
    });
    ids.product = await create(manager, 'products', {
      name: 'Курс с заданием',
      price: 500_000,
      currency: 'KZT',
      course_id: ids.course,
      assignment_id: ids.assignment,
    });
    ids.provider = await create(manager, 'payment-providers', { name: 'Тест', type: 'test' });
    await create(manager, 'promocodes', { name: 'HALF', kind: 'percent', value: 50 });
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps them closed before the purchase', async () => {
    const course = entityOf(await http.call('GET', `/api/courses/${ids.course}`, student));
    expect(course).toMatchObject({ is_purchase_required: true, groups: [] });
    const closed = await material();
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(PAID_ACCESS_REFUSED);
    const refused = await start();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAID_ACCESS_REFUSED);
    const listed = await http.call('GET', '/api/assignments', student);
    expect(idsOf(listed)).not.toContain(ids.assignment);
  });

  it('opens them once the order is paid with a promo code', async () => {
    entityOf(await http.call('POST', '/api/basket/add.json', student, { product_id: ids.product }), 200);
    const attached = await http.call('POST', '/api/order/attach-promocode.json', student, {
      promocode: 'half',
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const made = await http.call('POST', `/api/payment/make/${ids.provider}`, student, { is_mobile: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    ids.order = String(made.body.order_id);
    const src = /src="([^"]+)"/.exec(String(made.body.view))![1]!.replace(/&#38;/g, '&');
    const url = new URL(src, platform.url);
    expect(url.searchParams.get('amount')).toBe('250000');
    const pressed = await fetch(`${platform.url}${url.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        order_id: url.searchParams.get('order')!,
        amount: url.searchParams.get('amount')!,
        token: url.searchParams.get('token')!,
      }).toString(),
    });
    expect(pressed.status).toBe(200);

    expect((await until(material, (a) => a.status === 200)).status).toBe(200);
    const course = entityOf(await http.call('GET', `/api/courses/${ids.course}`, student));
    expect(course.is_purchase_required).toBeUndefined();
    expect(JSON.stringify(course.groups)).toContain(ids.material);
    const started = await until(start, (a) => a.status === 201);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(idsOf(await http.call('GET', '/api/assignments', student))).toContain(ids.assignment);
  });

  it('closes them again after a refund', async () => {
    const refunded = await http.call('POST', `/api/orders/${ids.order}/refund.json`, manager);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect((await until(material, (a) => a.status === 403)).status).toBe(403);
    const course = entityOf(await http.call('GET', `/api/courses/${ids.course}`, student));
    expect(course).toMatchObject({ is_purchase_required: true, groups: [] });
    expect(idsOf(await http.call('GET', '/api/assignments', student))).not.toContain(ids.assignment);
  });

  it("counts the sale and the refund in the shop figures and the analysts' console", async () => {
    // Another school's basket in the same store: neither the figures nor the console may count it.
    const elsewhere = 'order-of-another-school';
    await platform.store.append(
      `shop_order-${elsewhere}`,
      [
        {
          id: `${elsewhere}-opened`,
          type: 'OrderOpened',
          data: {
            id: elsewhere,
            user_id: 'buyer-elsewhere',
            school_id: 'school-elsewhere',
            at: new Date().toISOString(),
          },
          metadata: { userId: 'buyer-elsewhere', schoolId: 'school-elsewhere' },
        },
      ],
      { expectedVersion: 'any' },
    );
    for (let i = 0; ; i += 1) {
      const [row] = await platform.analytics.query<{ n: string | number }>(
        "SELECT count() AS n FROM shop_order_events WHERE school_id = 'school-elsewhere'",
      );
      if (Number(row?.n) === 1) break;
      expect(i, "the other school's basket reaches the analytics copy").toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const figures = await until(
      () => http.call('GET', '/api/shop/analytics.json', manager),
      (a) => (a.body.entity as { conversion?: { refunded: number } })?.conversion?.refunded === 1,
    );
    expect(figures.status).toBe(200);
    expect(figures.body.entity).toMatchObject({
      revenue: [{ currency: 'KZT', paid: 250_000, refunded: 250_000, revenue: 0 }],
      conversion: { baskets: 1, payments_started: 1, paid: 1, refunded: 1, rate: 1 },
    });
    expect((await http.call('GET', '/api/shop/analytics.json', student)).status).toBe(403);
    const analyst = await http.token('analyst');
    const rows = await http.call('POST', '/api/analytics/query', analyst, {
      sql: 'SELECT kind, sum(amount) AS amount, uniqExact(school_id) AS schools FROM shop_order_events GROUP BY kind ORDER BY kind',
    });
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect((rows.body.entity as { rows: string[][] }).rows).toEqual([
      ['opened', '0', '1'],
      ['paid', '250000', '1'],
      ['payment_started', '250000', '1'],
      ['refunded', '250000', '1'],
    ]);
  });

  it("opens an invite code's courses and assignments to its product's buyer, and a refund closes them", async () => {
    const courseId = await create(teacher, 'courses', {
      name: 'Курс по приглашению',
      status: 'published',
      availability_type: 'prepaid',
    });
    const assignmentId = await create(teacher, 'assignments', {
      type: 'external',
      name: 'Задание по приглашению',
      access_type: 'prepaid',
      students: [],
    });
    const inviteId = await create(manager, 'invite-codes', {
      name: 'Поток платный',
      courses: [courseId],
      assignments: [assignmentId],
    });
    const productId = await create(manager, 'products', {
      name: 'Приглашение в поток',
      price: 100_000,
      currency: 'KZT',
      invite_code_id: inviteId,
    });
    const course = () => http.call('GET', `/api/courses/${courseId}`, student);
    const assignments = async () => idsOf(await http.call('GET', '/api/assignments', student));
    expect(entityOf(await course())).toMatchObject({ is_purchase_required: true });
    expect(await assignments()).not.toContain(assignmentId);

    entityOf(await http.call('POST', '/api/basket/add.json', student, { product_id: productId }), 200);
    const made = await http.call('POST', `/api/payment/make/${ids.provider}`, student, { is_mobile: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const src = /src="([^"]+)"/.exec(String(made.body.view))![1]!.replace(/&#38;/g, '&');
    const url = new URL(src, platform.url);
    const pressed = await fetch(`${platform.url}${url.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        order_id: url.searchParams.get('order')!,
        amount: url.searchParams.get('amount')!,
        token: url.searchParams.get('token')!,
      }).toString(),
    });
    expect(pressed.status).toBe(200);
    const opened = await until(course, (a) => entityOf(a).is_purchase_required === undefined);
    expect(entityOf(opened).is_purchase_required).toBeUndefined();
    expect(await assignments()).toContain(assignmentId);

    const refunded = await http.call(
      'POST',
      `/api/orders/${String(made.body.order_id)}/refund.json`,
      manager,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const closed = await until(course, (a) => entityOf(a).is_purchase_required === true);
    expect(entityOf(closed).is_purchase_required).toBe(true);
    expect(await assignments()).not.toContain(assignmentId);
  });
});
