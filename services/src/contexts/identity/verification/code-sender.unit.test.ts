import { describe, expect, it } from 'vitest';
import { ConsoleCodeSender } from './code-sender';

describe('console code sender', () => {
  it('prints one line per message and remembers the last ones per recipient', async () => {
    const lines: string[] = [];
    const sender = new ConsoleCodeSender((line) => lines.push(line));
    await sender.sendSms('77011234567', 'код 1234');
    await sender.sendEmail('Pupil@School.kz', 'Тема', 'код\n5678');
    expect(lines).toEqual(['[sms → 77011234567] код 1234', '[email → Pupil@School.kz] Тема: код 5678']);
    expect(sender.lastMessageTo('pupil@school.kz')).toMatchObject({ channel: 'email', text: 'код\n5678' });
    for (let i = 0; i < 7; i += 1) await sender.sendSms('77011234567', `код ${i}`);
    expect(sender.lastMessageTo('77011234567')?.text).toBe('код 6');
    expect(sender.lastMessageTo('77000000000')).toBeUndefined();
  });
});
