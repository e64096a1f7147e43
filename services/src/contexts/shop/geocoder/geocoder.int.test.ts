import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteer, referenceCities } from './gazetteer';
import { geocoderFromEnvironment } from '.';

/** The geocoder's two adapters: the embedded gazetteer, and a Nominatim server (a local fake of its API). */
describe('the embedded gazetteer', () => {
  const g = gazetteer();
  it('finds a reference city by a word of the address, within a city when asked', async () => {
    const [almaty] = await g.search({ text: 'Алматы, Абая 1', cityId: null, limit: 10 });
    expect(almaty).toMatchObject({ city_id: 'almaty', country_id: 'kz', zoom: 18 });
    expect(almaty!.lat).toBeCloseTo(43.24, 1);
    expect(await g.search({ text: 'astana', cityId: null, limit: 10 })).toHaveLength(1);
    expect(await g.search({ text: 'Алматы', cityId: 'astana', limit: 10 })).toEqual([]);
    expect(await g.search({ text: 'Париж', cityId: null, limit: 10 })).toEqual([]);
  });
  it('puts a point in the city it lies in, and nowhere far from every city', async () => {
    const [place] = await g.reverse({ lat: 51.13, lng: 71.43, limit: 1 });
    expect(place).toMatchObject({ city_id: 'astana', lat: 51.13, lng: 71.43 });
    expect(await g.reverse({ lat: 48.85, lng: 2.35, limit: 1 })).toEqual([]);
  });
});

describe('a Nominatim-compatible server', () => {
  let server: Server;
  let url: string;
  const asked: URL[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      asked.push(u);
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/search')
        res.end(
          JSON.stringify([
            {
              place_id: 1,
              lat: '43.2381',
              lon: '76.9453',
              display_name: 'проспект Абая, 1, Алматы, Казахстан',
              address: { road: 'проспект Абая', city: 'Алматы', country_code: 'kz' },
            },
          ]),
        );
      else if (u.pathname === '/reverse')
        res.end(
          JSON.stringify({
            place_id: 2,
            lat: u.searchParams.get('lat'),
            lon: u.searchParams.get('lon'),
            display_name: 'Кунаева, 2, Астана, Казахстан',
            address: { city: 'Астана', country_code: 'kz' },
          }),
        );
      else {
        res.statusCode = 500;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is chosen by SHOP_GEOCODER_URL and searches, naming the city asked for', async () => {
    const g = geocoderFromEnvironment({ SHOP_GEOCODER_URL: url });
    expect(g.name).toBe('nominatim');
    const [place] = await g.search({ text: 'Абая 1', cityId: 'almaty', limit: 5 });
    expect(place).toEqual({
      name: 'проспект Абая, 1, Алматы, Казахстан',
      lat: 43.2381,
      lng: 76.9453,
      city_id: 'almaty',
      country_id: 'kz',
      zoom: 18,
    });
    const search = asked.at(-1)!;
    expect(search.pathname).toBe('/search');
    expect(search.searchParams.get('q')).toBe('Абая 1, Алматы');
    expect(search.searchParams.get('format')).toBe('jsonv2');
    expect(search.searchParams.get('limit')).toBe('5');
  });

  it('looks a point up and reads the reference city from its address', async () => {
    const g = geocoderFromEnvironment({ SHOP_GEOCODER_URL: url });
    const [place] = await g.reverse({ lat: 51.128, lng: 71.43, limit: 1 });
    expect(place).toMatchObject({ city_id: 'astana', lat: 51.128, lng: 71.43 });
    expect(asked.at(-1)!.searchParams.get('lon')).toBe('71.43');
  });

  it('answers 502 when the server fails, and uses the gazetteer when none is set', async () => {
    const broken = geocoderFromEnvironment({ SHOP_GEOCODER_URL: `${url}broken` });
    await expect(broken.search({ text: 'Абая 1', cityId: null, limit: 5 })).rejects.toMatchObject({
      httpStatus: 502,
    });
    expect(geocoderFromEnvironment({}).name).toBe('gazetteer');
    expect(referenceCities().map((c) => c.id)).toEqual(['almaty', 'astana']);
  });
});
