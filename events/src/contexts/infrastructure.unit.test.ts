import { describe, expect, it } from 'vitest';
import { EventRegistry } from '../registry';
import { infrastructureContract, storageSchema, webinarServerSchema } from './infrastructure';

const registry = new EventRegistry([infrastructureContract]);

describe('infrastructure events', () => {
  it("keep a storage's secret key out of copies that leave the store, on create and on update", () => {
    const created = {
      id: 'e1',
      type: 'StorageCreated',
      data: { id: 's1', name: 'Архив', access_key: 'AK', secret_key: 'SK' },
    };
    expect(registry.redact(created).data).toEqual({ id: 's1', name: 'Архив', access_key: 'AK' });
    const updated = {
      id: 'e2',
      type: 'StorageUpdated',
      data: { id: 's1', changes: { secret_key: 'SK2', bucket: 'b' } },
    };
    expect(registry.redact(updated).data).toEqual({ id: 's1', changes: { bucket: 'b' } });
    expect(updated.data.changes.secret_key).toBe('SK2');
  });

  it('accept a webinar server with ICE servers and refuse a host that is not an address', () => {
    const server = webinarServerSchema.parse({
      name: 'Вебинары',
      provider: 'livekit',
      type: 'webinar',
      host: 'https://meet.school.kz',
      options: { ice_servers: [{ urls: ['stun:stun.school.kz:3478'] }] },
    });
    expect(server.options).toEqual({
      alternate_host: null,
      ice_servers: [{ urls: ['stun:stun.school.kz:3478'] }],
    });
    const refused = webinarServerSchema.safeParse({
      name: 'x',
      provider: 'y',
      type: 'webinar',
      host: 'not a host',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['host']);
  });

  it('refuse a bucket name S3 would refuse', () => {
    const base = { name: 'x', endpoint: 'https://s3.kz', access_key: 'a', secret_key: 'b' };
    expect(storageSchema.safeParse({ ...base, bucket: 'school-archive' }).success).toBe(true);
    expect(storageSchema.safeParse({ ...base, bucket: 'Bad_Bucket' }).success).toBe(false);
  });
});
