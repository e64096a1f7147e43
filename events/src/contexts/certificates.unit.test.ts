import { describe, expect, it } from 'vitest';
import { createRegistry } from '../index';

const registry = createRegistry();

describe('certificate report tokens', () => {
  it('are accepted in the store and left out of every copy that leaves it (Kafka, analytics)', () => {
    const issued = registry.validate({
      id: 'e1',
      type: 'UserCertificateIssued',
      data: {
        id: 'c1',
        certificate_id: 't1',
        user_id: 'u1',
        assignment_id: 'a1',
        school_id: 's1',
        number: 1,
        certificate_number: 'KZ-000001',
        name: 'Сертификат',
        placeholders: {},
        meta: {},
        issued_at: '2026-03-05T10:00:00.000Z',
        issued_by: null,
        report_token: 'AbCdEfGhIjKlMnOpQrStUv',
      },
      metadata: {},
    });
    expect((issued.data as { report_token?: string }).report_token).toBe('AbCdEfGhIjKlMnOpQrStUv');
    const copy = registry.redact(issued).data as Record<string, unknown>;
    expect(copy).not.toHaveProperty('report_token');
    expect(copy.certificate_number).toBe('KZ-000001');

    const shared = {
      id: 'e2',
      type: 'ReportLinkShared',
      data: {
        token: 'AbCdEfGhIjKlMnOpQrStUv',
        attempt_id: 'at1',
        assignment_id: 'a1',
        student_id: 'u1',
        school_id: 's1',
        shared_by: 'teacher-1',
        at: '2026-03-05T10:00:00.000Z',
      },
      metadata: {},
    };
    expect(registry.redact(registry.validate(shared)).data).not.toHaveProperty('token');
  });

  it('refuses a token that is not 16–64 URL-safe characters', () => {
    expect(() =>
      registry.validate({
        id: 'e3',
        type: 'ReportLinkRevoked',
        data: { token: 'short', attempt_id: 'at1', by: 'teacher-1', at: '2026-03-05T10:00:00.000Z' },
        metadata: {},
      }),
    ).toThrow();
  });
});
