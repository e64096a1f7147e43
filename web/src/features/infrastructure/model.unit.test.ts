import { describe, expect, it } from 'vitest';
import type { ServerRecord, StorageRecord } from './api';
import {
  byteSize,
  errorUnder,
  serverBody,
  serverChanges,
  serverFieldsOf,
  storageBody,
  storageChanges,
  storageFieldsOf,
} from './model';

const server: ServerRecord = {
  id: 's1',
  name: 'Вебинары',
  provider: 'jitsi',
  type: 'webinar',
  host: 'https://meet.school.kz',
  options: { alternate_host: null, ice_servers: [{ urls: ['stun:a:3478', 'stun:b:3478'] }] },
  is_active: true,
  description: null,
};
const storage: StorageRecord = {
  id: 'st1',
  name: 'Архив',
  type: 's3',
  endpoint: 'https://s3.kz',
  region: 'us-east-1',
  bucket: 'archive',
  prefix: null,
  access_key: 'AK',
  has_secret_key: true,
  path_style: true,
  description: null,
};

describe('server form model', () => {
  it('splits ICE addresses on spaces and commas and leaves empty credentials out', () => {
    const fields = {
      ...serverFieldsOf(server),
      ice_servers: [{ urls: 'turn:t:3478, turns:t:5349', username: ' u ', credential: '' }],
    };
    expect(serverBody(fields).options.ice_servers).toEqual([
      { urls: ['turn:t:3478', 'turns:t:5349'], username: 'u' },
    ]);
  });

  it('sends only the changed fields, the options whole', () => {
    expect(serverChanges(server, serverFieldsOf(server))).toEqual({});
    const fields = { ...serverFieldsOf(server), name: 'Новые', alternate_host: 'https://alt.school.kz' };
    expect(serverChanges(server, fields)).toEqual({
      name: 'Новые',
      options: {
        alternate_host: 'https://alt.school.kz',
        ice_servers: [{ urls: ['stun:a:3478', 'stun:b:3478'] }],
      },
    });
  });

  it('finds an error under an ICE row', () => {
    expect(errorUnder({ 'options.ice_servers.1.urls.0': 'Адрес' }, 'options.ice_servers.1')).toBe('Адрес');
    expect(errorUnder({ 'options.ice_servers.1.urls.0': 'Адрес' }, 'options.ice_servers.0')).toBeUndefined();
  });
});

describe('storage form model', () => {
  it('keeps the stored secret unless a new one is typed', () => {
    expect(storageChanges(storage, storageFieldsOf(storage))).toEqual({});
    expect(storageChanges(storage, { ...storageFieldsOf(storage), secret_key: 'new' })).toEqual({
      secret_key: 'new',
    });
    expect(storageBody({ ...storageFieldsOf(storage), prefix: '  ' })).not.toHaveProperty('secret_key');
    expect(storageBody({ ...storageFieldsOf(storage), prefix: '  ' }).prefix).toBeNull();
  });

  it('shows sizes over 1000 per step', () => {
    expect(byteSize(999)).toEqual({ value: 999, unit: 'B' });
    expect(byteSize(1234)).toEqual({ value: 1.2, unit: 'KB' });
    expect(byteSize(5_600_000_000)).toEqual({ value: 5.6, unit: 'GB' });
  });
});
