import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { assignmentBody, emptyAssignmentForm, formProblems, localInputToIso } from './form-model';

const now = new Date('2026-03-01T09:30:00');

describe('the assignment form', () => {
  it("starts from the specification's defaults: now, seven days, proctoring on with 000 §9's settings", () => {
    const form = emptyAssignmentForm(now);
    expect(form).toMatchObject({
      starting_at_type: 'now',
      ending_at_type: 'without',
      is_proctoring: true,
      certificate_issue_type: 'auto-conditions',
      certificate_show_report: true,
      shuffle: false,
      per_student: 0,
    });
    expect(form.ending_at).toBe('2026-03-08T09:30');
    expect(form.proctoring).toEqual(DEFAULT_PROCTORING_SETTINGS);
    // A copy: editing the form never changes the shared constant.
    form.proctoring.noise_sensitivity = 99;
    expect(DEFAULT_PROCTORING_SETTINGS.noise_sensitivity).toBe(10);
  });

  it('sends the chosen limits, the dates only when dated, and the whole settings object', () => {
    const form = {
      ...emptyAssignmentForm(now),
      quizzes: ['q1'],
      lessons: ['ignored'],
      complete_time: 'custom',
      custom_time: 50,
      max_attempts: '3',
      ending_at_type: 'date' as const,
      ending_at: '2026-03-02T10:00',
    };
    const body = assignmentBody(form);
    expect(body).toMatchObject({
      type: 'quiz',
      quizzes: ['q1'],
      lessons: [],
      complete_time: 50,
      max_attempts: 3,
      starting_at: null,
      ending_at: localInputToIso('2026-03-02T10:00'),
    });
    expect(body).not.toHaveProperty('name');
    expect(body.settings).toMatchObject({
      proctoring_settings: DEFAULT_PROCTORING_SETTINGS,
      component_settings: { all: { shuffle: false, per_student: 0, variant_split: 'none', conditions: [] } },
      certificate: { issue_type: 'auto-conditions', show_report: true },
    });
  });

  it('unlimited is null; a custom choice left empty is unlimited too', () => {
    const body = assignmentBody({
      ...emptyAssignmentForm(now),
      quizzes: ['q'],
      max_attempts: 'custom',
      custom_attempts: '',
    });
    expect(body.complete_time).toBeNull();
    expect(body.max_attempts).toBeNull();
  });

  it('asks for what each type needs before sending', () => {
    expect(formProblems(emptyAssignmentForm(now))).toEqual({ quizzes: 'pickQuiz' });
    expect(formProblems({ ...emptyAssignmentForm(now), type: 'lesson' })).toEqual({ lessons: 'pickLesson' });
    expect(formProblems({ ...emptyAssignmentForm(now), type: 'external' })).toEqual({
      name: 'name',
      external_url: 'url',
    });
    expect(formProblems({ ...emptyAssignmentForm(now), type: 'webinar', name: 'Разбор' })).toEqual({});
  });

  it('makes a webinar of type "Вебинар": is_webinar on and nothing proctored', () => {
    const body = assignmentBody({ ...emptyAssignmentForm(now), type: 'webinar', name: 'Онлайн-урок' });
    expect(body).toMatchObject({
      type: 'webinar',
      name: 'Онлайн-урок',
      is_webinar: true,
      is_proctoring: false,
    });
    expect(assignmentBody({ ...emptyAssignmentForm(now), quizzes: ['q'] })).toMatchObject({
      is_webinar: false,
      is_proctoring: true,
    });
  });
});

describe('the assignment form’s certificate block', () => {
  it('sends the chosen template and issue type; no template or the switch off issues nothing', () => {
    const base = { ...emptyAssignmentForm(now), quizzes: ['q'] };
    expect(assignmentBody(base)).toMatchObject({ is_certificate: false, certificate_id: null });
    const chosen = assignmentBody({
      ...base,
      is_certificate: true,
      certificate_id: 't1',
      certificate_issue_type: 'auto-all',
    });
    expect(chosen).toMatchObject({ is_certificate: true, certificate_id: 't1' });
    expect(chosen.settings).toMatchObject({ certificate: { issue_type: 'auto-all', show_report: true } });
    expect(assignmentBody({ ...base, is_certificate: true, certificate_id: null })).toMatchObject({
      is_certificate: false,
      certificate_id: null,
    });
    expect(assignmentBody({ ...base, is_certificate: false, certificate_id: 't1' })).toMatchObject({
      is_certificate: false,
      certificate_id: null,
    });
  });
});
