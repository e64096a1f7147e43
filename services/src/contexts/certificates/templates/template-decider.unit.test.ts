import { describe, expect, it } from 'vitest';
import { isEvent } from '@sabaq/events';
import {
  decideTemplate,
  evolveTemplate,
  initialTemplateState,
  type TemplateCommand,
  type TemplateEvent,
} from './template-decider';

const created: TemplateEvent = {
  type: 'CertificateCreated',
  data: {
    id: 'tpl',
    name: 'Сертификат олимпиады',
    serial_number: 'KZ-',
    serial_counter: 41,
    meta: { year: 2026 },
    elements: [
      { variable: 'fullname', type: 'text', label: null },
      { variable: 'director', type: 'text', label: 'Директор: Ахметов А.' },
    ],
  },
};
const facts = {
  fullname: 'Касымова Айгерим',
  subject: 'Дроби',
  points: '7',
  companyName: 'Лицей А',
  companyLogo: '',
};
const issue = (id: string, userId: string, assignmentId = 'a1'): TemplateCommand => ({
  type: 'Issue',
  id,
  userId,
  assignmentId,
  schoolId: 'school-a',
  facts,
  reportToken: `token-of-${id}-0123456789`,
  at: '2026-03-05T20:30:00.000Z',
  by: null,
});
/** As stored: the template was made in school-a (the record API stamps the creator's school). */
const given = (events: TemplateEvent[]) =>
  events.reduce(
    (state, event) =>
      evolveTemplate(
        state,
        event.type === 'CertificateCreated' ? { ...event, metadata: { schoolId: 'school-a' } } : event,
      ),
    initialTemplateState,
  );
/** Decides each command on the state the previous ones left, as the stream would. */
function run(history: TemplateEvent[], commands: TemplateCommand[]): TemplateEvent[] {
  const all = [...history];
  for (const command of commands) all.push(...decideTemplate(command, given(all)));
  return all.slice(history.length);
}

describe('the certificate template decider', () => {
  it('issues the next number after the carried-over counter, with the variables fixed at issue', () => {
    const [event] = decideTemplate(issue('c1', 'u1'), given([created]));
    expect(event).toEqual({
      type: 'UserCertificateIssued',
      data: {
        id: 'c1',
        certificate_id: 'tpl',
        user_id: 'u1',
        assignment_id: 'a1',
        school_id: 'school-a',
        number: 42,
        certificate_number: 'KZ-000042',
        name: 'Сертификат олимпиады',
        placeholders: {
          'qr-code': 'KZ-000042',
          subject: 'Дроби',
          points: '7',
          // 20:30 UTC is the next morning in Almaty (UTC+5): DD.MM.YY on the school's clock.
          date: '06.03.26',
          fullname: 'Касымова Айгерим',
          'company-name': 'Лицей А',
          'company-logo': '',
          certificate_number: 'KZ-000042',
          director: 'Директор: Ахметов А.',
        },
        meta: { year: 2026 },
        issued_at: '2026-03-05T20:30:00.000Z',
        issued_by: null,
        report_token: 'token-of-c1-0123456789',
      },
    });
  });

  it('numbers many issues 1, 2, 3 … with neither gap nor duplicate', () => {
    const fresh: TemplateEvent = {
      ...created,
      data: { ...created.data, serial_counter: 0 },
    } as TemplateEvent;
    const commands = Array.from({ length: 25 }, (_, i) => issue(`c${i}`, `u${i}`));
    const numbers = run([fresh], commands).map((e) =>
      isEvent(e, 'UserCertificateIssued') ? e.data.number : null,
    );
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('issues once per assignment and student: a repeated issue decides nothing', () => {
    const events = run([created], [issue('c1', 'u1'), issue('c1', 'u1'), issue('c1-again', 'u1')]);
    expect(events).toHaveLength(1);
    // The same student on another assignment gets another certificate.
    expect(run([created, ...events], [issue('c2', 'u1', 'a2')])).toHaveLength(1);
  });

  it('revokes and restores, each only once', () => {
    const issued = run([created], [issue('c1', 'u1')]);
    const at = '2026-03-06T10:00:00.000Z';
    const revoke: TemplateCommand = { type: 'Revoke', id: 'c1', at, by: 'teacher' };
    const restore: TemplateCommand = { type: 'Restore', id: 'c1', at, by: 'teacher' };
    const events = run([created, ...issued], [revoke, revoke, restore, restore]);
    expect(events.map((e) => e.type)).toEqual(['UserCertificateRevoked', 'UserCertificateRestored']);
    expect(events[0]!.data).toEqual({ id: 'c1', certificate_id: 'tpl', user_id: 'u1', at, by: 'teacher' });
    // A revoked certificate is not issued anew: the teacher restores it.
    const revoked = run([created, ...issued], [revoke]);
    expect(decideTemplate(issue('c1', 'u1'), given([created, ...issued, ...revoked]))).toEqual([]);
  });

  it('issues only for the template’s own school', () => {
    const elsewhere = { ...issue('c1', 'u1'), schoolId: 'school-b' } as TemplateCommand;
    expect(() => decideTemplate(elsewhere, given([created]))).toThrow(/другой школы/);
  });

  it('refuses to issue from an unknown or a deleted template, and to revoke what was never issued', () => {
    expect(() => decideTemplate(issue('c1', 'u1'), given([]))).toThrow(/не найден/);
    const deleted: TemplateEvent = { type: 'CertificateDeleted', data: { id: 'tpl' } };
    expect(() => decideTemplate(issue('c1', 'u1'), given([created, deleted]))).toThrow(/удалён/);
    expect(() =>
      decideTemplate(
        { type: 'Revoke', id: 'nope', at: '2026-03-06T10:00:00.000Z', by: null },
        given([created]),
      ),
    ).toThrow(/не найден/);
  });

  it('uses the template as edited: a new series applies to the next number', () => {
    const edited: TemplateEvent = {
      type: 'CertificateUpdated',
      data: { id: 'tpl', changes: { serial_number: 'AB/', name: 'Новый сертификат' } },
    };
    const [event] = decideTemplate(issue('c1', 'u1'), given([created, edited]));
    expect(event!.data).toMatchObject({ certificate_number: 'AB/000042', name: 'Новый сертификат' });
  });

  it('a course issues one certificate per student, apart from the same student’s assignment ones', () => {
    const course = (id: string): TemplateCommand => {
      const command = issue(id, 'u1');
      if (command.type !== 'Issue') throw new Error('an issue');
      return { ...command, assignmentId: null, courseId: 'k1' };
    };
    const events = run(
      [created],
      [issue('c1', 'u1'), course('k-u1'), course('k-u1-again'), issue('c2', 'u1')],
    );
    expect(events.map((e) => e.data.id)).toEqual(['c1', 'k-u1']);
    const [, forCourse] = events;
    expect(forCourse).toMatchObject({
      type: 'UserCertificateIssued',
      data: { assignment_id: null, course_id: 'k1', number: 43, certificate_number: 'KZ-000043' },
    });
    // An assignment's certificate carries no course at all (as before courses issued).
    expect('course_id' in events[0]!.data).toBe(false);
  });
});
