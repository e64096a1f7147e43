import { describe, expect, it } from 'vitest';
import { isStoredNotification, notificationLink, notificationText, type Notification } from './model';

const given: Notification = {
  id: 'n1',
  type: 'assignment_given',
  parameters: { assignment_id: 'as-1', assignment_name: 'Дроби' },
  created_at: '2026-09-01T08:00:00Z',
};

describe('notification texts', () => {
  it('words one notification in each language from its type and parameters', () => {
    expect(notificationText(given, 'ru')).toEqual({ name: 'Новое задание', description: '«Дроби»' });
    expect(notificationText(given, 'en')).toEqual({ name: 'New assignment', description: '“Дроби”' });
    expect(notificationText(given, 'kz')).toEqual({ name: 'Жаңа тапсырма', description: '«Дроби»' });
  });

  it("translates a task's status and names an unnamed student", () => {
    const task: Notification = {
      ...given,
      type: 'task_finished',
      parameters: { task_name: 'Экспорт', status: 'failure' },
    };
    expect(notificationText(task, 'en').description).toBe('“Экспорт”: failed');
    const registered: Notification = {
      ...given,
      type: 'student_registered',
      parameters: { student_name: null, invite_name: '7 А' },
    };
    expect(notificationText(registered, 'ru').description).toBe('Ученик зарегистрировался по коду «7 А»');
  });

  it('tells a result with its points when scores are shown, without them when only results are', () => {
    const scored: Notification = {
      ...given,
      type: 'result_scored',
      parameters: { assignment_id: 'as-1', assignment_name: 'Дроби', score: 7 },
    };
    expect(notificationText(scored, 'ru')).toEqual({
      name: 'Результат готов',
      description: '«Дроби»: 7 балл.',
    });
    const unscored = { ...scored, parameters: { ...scored.parameters, score: null } };
    expect(notificationText(unscored, 'ru').description).toBe('«Дроби»');
    expect(notificationText(unscored, 'en').description).toBe('“Дроби”');
  });

  it('shows what the server sent for a type it does not know, and nothing for an unnamed one', () => {
    expect(notificationText({ ...given, type: 'other', name: 'Привет' }, 'ru')).toEqual({
      name: 'Привет',
      description: null,
    });
    expect(notificationText({ id: 2, created_at: given.created_at }, 'ru').name).toBeNull();
    expect(isStoredNotification({ ...given, type: 'proctoring.exam_suspended' })).toBe(false);
    expect(isStoredNotification(given)).toBe(true);
  });

  it('links to what it is about in the reader’s area', () => {
    expect(notificationLink(given, 's')).toBe('/s/assignments/as-1');
    expect(notificationLink({ ...given, type: 'certificate_issued' }, 's')).toBe('/s/certificates');
    expect(
      notificationLink({ ...given, type: 'student_registered', parameters: { class_id: 'c 1' } }, 't'),
    ).toBe('/t/classes/c%201');
    expect(notificationLink({ ...given, type: 'task_finished' }, 't')).toBeNull();
  });
});

describe("a teacher's change to the whole assignment", () => {
  const moved: Notification = {
    ...given,
    type: 'assignment_rescheduled',
    parameters: {
      assignment_id: 'as-1',
      assignment_name: 'Дроби',
      starting_at: '2026-09-02T08:00:00Z',
      ending_at: '2026-09-09T08:00:00Z',
    },
  };

  it('words suspend, resume and finish in three languages and links each to the assignment', () => {
    const kinds = ['assignment_suspended', 'assignment_resumed', 'assignment_finished'] as const;
    const names = kinds.map((type) => notificationText({ ...given, type }, 'ru').name);
    expect(names).toEqual(['Задание приостановлено', 'Задание возобновлено', 'Задание завершено']);
    expect(notificationText({ ...given, type: 'assignment_suspended' }, 'en')).toEqual({
      name: 'Assignment suspended',
      description: '“Дроби”',
    });
    expect(notificationText({ ...given, type: 'assignment_finished' }, 'kz').name).toBe('Тапсырма аяқталды');
    for (const type of [...kinds, 'assignment_rescheduled'])
      expect(notificationLink({ ...given, type }, 's')).toBe('/s/assignments/as-1');
  });

  it('says the new times as dates in the reader’s language, never as stored ISO strings', () => {
    const ru = notificationText(moved, 'ru');
    expect(ru.name).toBe('Время задания изменено');
    expect(ru.description).toMatch(
      /^«Дроби»: с \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} до \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    );
    expect(ru.description).toContain('2026');
    expect(notificationText(moved, 'en').description).toMatch(/^“Дроби”: from \S.* to \S.*$/);
    expect(notificationText(moved, 'kz').description).not.toContain('T08:00');
    expect(isStoredNotification(moved)).toBe(true);
  });
});
