import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import {
  assignmentBody,
  editBody,
  emptyAssignmentForm,
  formFromAssignment,
  formProblems,
  localInputToIso,
} from './form-model';
import { ATTEMPT_OPTIONS, TIME_OPTIONS, type Assignment } from './model';

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

  it('starts with the agent not required and sends its rules as the teacher set them', () => {
    const form = emptyAssignmentForm(now);
    expect(form.proctoring.device_agent.required).toBe(false);
    form.quizzes = ['q1'];
    form.proctoring = {
      ...form.proctoring,
      device_agent: { ...form.proctoring.device_agent, required: true, prohibited_processes: ['anydesk'] },
    };
    const sent = assignmentBody(form).settings as { proctoring_settings: typeof form.proctoring };
    expect(sent.proctoring_settings.device_agent).toMatchObject({
      required: true,
      prohibited_processes: ['anydesk'],
    });
    // The shared defaults stay as they were.
    expect(DEFAULT_PROCTORING_SETTINGS.device_agent.required).toBe(false);
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

  it('fills the edit form from a stored assignment, and sends it back unchanged when untouched', () => {
    const stored = {
      id: 'a1',
      type: 'quiz',
      quizzes: ['q1'],
      lessons: [],
      name: 'Дроби',
      description: null,
      class_id: 'c1',
      complete_time: 50,
      max_attempts: 3,
      points_method_type: 'avg',
      starting_at: '2026-03-01T09:30:12.345Z',
      starting_at_type: 'date',
      ending_at: '2026-03-08T09:30:00.000Z',
      ending_at_type: 'date',
      is_proctoring: true,
      is_show_results_after_finished: true,
      is_show_scores: false,
      is_straight_answer: true,
      created_at: '2026-02-28T10:00:00.000Z',
      settings: {
        proctoring_settings: { ...DEFAULT_PROCTORING_SETTINGS, microphone_record: true },
        component_settings: {
          all: { shuffle: true, per_student: 2, variant_split: 'random', conditions: [] },
        },
        certificate: { issue_type: 'manual', show_report: false },
      },
    } as unknown as Assignment;
    const form = formFromAssignment(stored, { time: TIME_OPTIONS, attempts: ATTEMPT_OPTIONS });
    expect(form).toMatchObject({
      complete_time: 'custom',
      custom_time: 50,
      max_attempts: '3',
      points_method_type: 'avg',
      is_straight_answer: true,
      shuffle: true,
      per_student: 2,
      certificate_issue_type: 'manual',
    });
    expect(form.proctoring.microphone_record).toBe(true);
    const body = editBody(form, stored);
    // Dates the form rounds to the minute and the variant split it has no field for stay as stored.
    expect(body).toMatchObject({
      starting_at: stored.starting_at,
      ending_at: stored.ending_at,
      complete_time: 50,
      max_attempts: 3,
      quizzes: ['q1'],
      class_id: 'c1',
    });
    expect(body.settings).toMatchObject({
      component_settings: { all: { shuffle: true, per_student: 2, variant_split: 'random' } },
    });
    const later = editBody({ ...form, ending_at: '2026-03-09T10:00' }, stored);
    expect(later.ending_at).toBe(localInputToIso('2026-03-09T10:00'));
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
