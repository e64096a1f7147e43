import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedFields, clampPage, records } from './records';

vi.mock('../i18n', () => ({ currentLocale: () => 'ru' }));

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('records', () => {
  it('reads a page from entities.data and asks for page 1 by default', async () => {
    const fetch = vi.fn(async () =>
      answer(200, { entities: { data: [{ id: '1' }], current_page: 1, last_page: 3, total: 61 } }),
    );
    vi.stubGlobal('fetch', fetch);
    const page = await records.page('students', { limit: 25, query: 'Ким' });
    expect(page).toMatchObject({ current_page: 1, last_page: 3, total: 61, data: [{ id: '1' }] });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/students?page=1&limit=25&query=%D0%9A%D0%B8%D0%BC',
    );
  });

  it("raises the specification's errors for malformed answers", async () => {
    vi.stubGlobal('fetch', async () => answer(200, { entities: { rows: [] } }));
    await expect(records.page('students')).rejects.toThrow('Expected an array of models in fetch response');
    vi.stubGlobal('fetch', async () => answer(200, { entities: {} }));
    await expect(records.list('regions')).rejects.toThrow('Expected an array of models in fetch response');
    vi.stubGlobal('fetch', async () => answer(200, {}));
    await expect(records.get('regions', 'r1')).rejects.toThrow('No data in fetch response');
  });

  it('puts only the given fields and deletes without reading a body', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'DELETE'
        ? answer(204, undefined)
        : answer(200, { entity: { id: 'c1', name: 'Алматы' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await records.update('cities', 'c1', { name: 'Алматы' })).toEqual({ id: 'c1', name: 'Алматы' });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1]).toMatchObject({
      method: 'PUT',
      body: '{"name":"Алматы"}',
    });
    await records.remove('cities', 'c1');
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[0]).toBe('/api/cities/c1');
  });
});

describe('changedFields', () => {
  it('keeps only what differs, treating missing and null alike', () => {
    const original = { firstname: 'Айгерим', lastname: 'Касымова', email: null, phone: undefined };
    const edited = { firstname: 'Айгерим', lastname: 'Касымова-Ли', email: null, phone: null };
    expect(changedFields(original, edited)).toEqual({ lastname: 'Касымова-Ли' });
  });
});

describe('clampPage', () => {
  it('keeps the page within 1..last', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2.7, 4)).toBe(2);
  });
});
