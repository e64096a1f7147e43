import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentChatId, classChatId } from '../../../services/src/contexts/chat/ids';
import { tokenFor } from '../records/records-app';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';
import {
  httpOf,
  questions,
  teacher,
  colleague,
  outsider,
  student1,
  stranger,
  S1,
  S2,
  REVIEWER,
} from './assignments-http';

/**
 * Classes, assignments and the students' work over HTTP, as the web app calls them: a teacher of
 * school-a with a class of two students, a reviewer colleague, a colleague who is neither, and a
 * teacher of school-b. Tokens are the record API's test tokens (records-app.ts).
 */
let env: AssignmentsApp;
beforeAll(async () => {
  env = await startAssignmentsApp();
});
afterAll(async () => {
  await env?.close();
});
const { call, entity, list, start } = httpOf(() => env.app);

let classId: string;
let quizId: string;

const makeAssignment = async (fields: Record<string, unknown>) =>
  entity(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      class_id: classId,
      reviewers: [REVIEWER],
      ...fields,
    }),
    201,
  );

describe('classes', () => {
  it('a teacher creates a class of two students; they see it, nobody else does', async () => {
    const created = await entity(
      call('POST', '/api/classes', teacher, { name: '7 А', students: [S1, S2, S1] }),
      201,
    );
    classId = created.id;
    // 000 §3 "Class": chat_id, the class's chat (docs/chat.md).
    expect(created.chat_id).toBe(classChatId(classId));
    expect(created).toMatchObject({
      type: 'group',
      name: '7 А',
      school_id: 'school-a',
      owner_id: 'teacher-school-a-1',
      teachers: ['teacher-school-a-1'],
      students: [S1, S2],
      teachers_count: 1,
      students_count: 2,
    });
    expect((await list('/api/classes', student1)).map((c) => c.id)).toEqual([classId]);
    expect(await list('/api/classes', stranger)).toEqual([]);
    expect((await call('GET', `/api/classes/${classId}`, stranger)).status).toBe(404);
    expect(await list('/api/classes', outsider)).toEqual([]);
    expect((await call('GET', `/api/classes/${classId}`, outsider)).status).toBe(404);
    // Students do not make classes; a colleague reads them but edits only their own.
    expect((await call('POST', '/api/classes', student1, { name: 'x' })).status).toBe(403);
    expect((await call('PUT', `/api/classes/${classId}`, colleague, { name: 'x' })).status).toBe(404);
    await entity(call('PUT', `/api/classes/${classId}`, teacher, { description: 'Математика' }));
  });
});

describe('assignments', () => {
  beforeAll(async () => {
    const quiz = await entity(
      call('POST', '/api/quiz', teacher, {
        name: 'Дроби',
        description: 'Сложение дробей',
        components: questions,
      }),
      201,
    );
    quizId = quiz.id;
  });

  it('a proctored assignment is made with the specification’s defaults, field by field', async () => {
    const before = Date.now();
    const made = await makeAssignment({});
    const after = Date.now();

    // Name and description from the chosen quiz; the class's students.
    expect(made).toMatchObject({
      type: 'quiz',
      name: 'Дроби',
      description: 'Сложение дробей',
      class_id: classId,
      students: [S1, S2],
      reviewers: [REVIEWER],
      owner_id: 'teacher-school-a-1',
      school_id: 'school-a',
      status: 'process',
      is_started: true,
      is_finished: false,
      is_suspended: false,
      points: 8,
    });
    // 000 §3: starting_at_type now, ending_at_type without, start now, end 7 days on; proctoring on.
    const startingAt = Date.parse(made.starting_at as string);
    expect(startingAt).toBeGreaterThanOrEqual(before - 1);
    expect(startingAt).toBeLessThanOrEqual(after + 1);
    expect(Date.parse(made.ending_at as string) - startingAt).toBe(7 * 24 * 60 * 60 * 1000);
    expect(made.starting_at_type).toBe('now');
    expect(made.ending_at_type).toBe('without');
    expect(made.is_proctoring).toBe(true);
    expect(made.available_time).toBeNull();
    const settings = made.settings as Record<string, Record<string, unknown>>;
    // 000 §9, the default proctoring settings.
    expect(settings.proctoring_settings).toEqual({
      browser_type: 'any',
      main_camera_record: true,
      screen_share_record: true,
      second_camera_record: true,
      upload: false,
      microphone_record: false,
      check_env: true,
      displays_check: true,
      fullscreen_mode: true,
      focus_detector: true,
      extension_detector: true,
      noise_detector: true,
      speech_detector: true,
      head_identity: true,
      head_identity_type: 'photo',
      head_tracking: true,
      head_tracking_type: 'client',
      noise_sensitivity: 10,
      head_sensitivity: { x: 50, y: 40, depth: 12 },
      head_center_area: { width: 40, height: 30 },
      head_position: { confidence: 0.5, probability: 0.96, interval: 1200 },
      head_compare: { interval: 4000, euclidean_distance: 0.5 },
      face_landmarker: {
        enabled: false,
        interval: 700,
        threshold: 0.5,
        eye_direction: { look_left: 0.4, look_right: 0.4, look_up: 0.45, look_down: 0.45 },
      },
      object_detection: {
        enabled: false,
        interval: 2000,
        threshold: 0.5,
        categories: {
          phone: { score: 0.4 },
          remote: { score: 0.4 },
          laptop: { score: 0.4 },
          person: { score: 0.7, count: 2 },
        },
      },
      noise_tolerance: { frames: 3, time: 1500 },
      speech_tolerance: 1500,
      silent_tolerance: 1500,
      head_tolerance: 1500,
      focus_tolerance: 1500,
      speech: { min_frames: 5, pre_pad_frames: 10, positive_threshold: 0.9 },
      quiet_frames: 30,
      mute_frames: 30,
      // Ours (docs/ai-analysis.md): the server analyses the main camera by default.
      ai_analysis: true,
      // Ours (docs/device-agent.md): the local agent's rules, not required by default.
      device_agent: {
        required: false,
        prohibited_processes: [],
        prohibited_process_classes: ['remote_desktop', 'screen_sharing', 'virtual_machine'],
        forbidden_usb_classes: [],
        min_resolution: { width: 1024, height: 720 },
        single_display: true,
        refuse_remote_session: true,
        refuse_virtual_machine: true,
        full_report: false,
      },
    });
    // 000 §9: component settings and certificate defaults.
    expect(settings.component_settings).toEqual({
      all: { shuffle: false, per_student: 0, variant_split: 'none', conditions: [] },
    });
    expect(settings.certificate).toEqual({ issue_type: 'auto-conditions', show_report: true });
    // The questions are copied, without their answers.
    expect(made.components).toHaveLength(3);
    expect(JSON.stringify(made.components)).not.toContain('correct');
  });

  it('students see the assignments they are given; another school sees nothing', async () => {
    const id = (await makeAssignment({ name: 'не важно' })).id;
    expect((await list('/api/assignments', student1)).map((a) => a.id)).toContain(id);
    expect(await list('/api/assignments', stranger)).toEqual([]);
    expect((await call('GET', `/api/assignments/${id}`, stranger)).status).toBe(404);
    expect(await list('/api/assignments', outsider)).toEqual([]);
    expect((await call('GET', `/api/assignments/${id}`, outsider)).status).toBe(404);
    // The school's proctors watch every assignment of the school; another school's see none.
    expect((await call('GET', `/api/assignments/${id}`, tokenFor('proctor', 'school-a'))).status).toBe(200);
    expect((await list('/api/assignments', tokenFor('proctor', 'school-a'))).map((a) => a.id)).toContain(id);
    expect(await list('/api/assignments', tokenFor('proctor', 'school-b'))).toEqual([]);
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, outsider)).status).toBe(404);
  });

  it('of type lesson takes name, description and questions from the lessons, in reading order', async () => {
    const lesson = await entity(
      call('POST', '/api/lessons', teacher, { name: 'Геометрия', description: 'Углы' }),
      201,
    );
    const second = await entity(call('POST', '/api/lessons', teacher, { name: 'Алгебра' }), 201);
    const later = await entity(
      call('POST', '/api/lesson-chapters', teacher, { lesson_id: lesson.id, name: 'Вторая', position: 2 }),
      201,
    );
    const first = await entity(
      call('POST', '/api/lesson-chapters', teacher, { lesson_id: lesson.id, name: 'Первая', position: 1 }),
      201,
    );
    for (const chapter of [later, first]) {
      await entity(
        call('POST', '/api/lesson-components', teacher, {
          chapter_id: chapter.id,
          component_type: 'free',
          data: { question: `Вопрос главы ${chapter.name as string}` },
        }),
        201,
      );
    }
    const made = await makeAssignment({ type: 'lesson', lessons: [lesson.id, second.id], quizzes: [] });
    expect(made).toMatchObject({ name: 'Геометрия, Алгебра', description: 'Углы', points: 2 });
    expect((made.components as { data: { question: string } }[]).map((c) => c.data.question)).toEqual([
      'Вопрос главы Первая',
      'Вопрос главы Вторая',
    ]);
  });

  it('an edit changes only what was sent, by its owner only', async () => {
    const made = await makeAssignment({});
    // No chat until is_chat is set; then chat_id names the assignment's chat (docs/chat.md).
    expect(made.chat_id).toBeNull();
    const chatty = await entity(call('PUT', `/api/assignments/${made.id}`, teacher, { is_chat: true }));
    expect(chatty.chat_id).toBe(assignmentChatId(made.id));
    expect((await call('PUT', `/api/assignments/${made.id}`, colleague, { max_attempts: 3 })).status).toBe(
      404,
    );
    const edited = await entity(call('PUT', `/api/assignments/${made.id}`, teacher, { max_attempts: 3 }));
    expect(edited).toMatchObject({ max_attempts: 3, name: 'Дроби', settings: made.settings });
    const retyped = await entity(
      call('PUT', `/api/assignments/${made.id}`, teacher, { type: 'external', name: 'Эссе' }),
    );
    expect(retyped).toMatchObject({ type: 'external', name: 'Эссе', quizzes: [quizId] });
  });

  it('refuses a quiz that is not there, with errors per field', async () => {
    const answer = await call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: ['no-such-quiz'],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ status_code: 422, errors: { quizzes: ['Тест не найден'] } });
  });

  it('is suspended, resumed, cloned and finished by its teacher only', async () => {
    const id = (await makeAssignment({})).id;
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, colleague)).status).toBe(404);
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, student1)).status).toBe(403);
    expect(await entity(call('POST', `/api/assignments/${id}/suspend.json`, teacher))).toMatchObject({
      status: 'suspended',
      is_suspended: true,
    });
    const refused = await start(id, student1);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ assignment_id: ['Задание приостановлено'] });
    expect(await entity(call('POST', `/api/assignments/${id}/resume.json`, teacher))).toMatchObject({
      status: 'process',
    });
    const copy = await entity(call('POST', `/api/assignments/${id}/clone.json`, colleague), 201);
    expect(copy).toMatchObject({ name: 'Дроби', owner_id: 'teacher-school-a-2', status: 'process' });
    expect(copy.id).not.toBe(id);
    expect(await entity(call('POST', `/api/assignments/${id}/finish.json`, teacher))).toMatchObject({
      status: 'completed',
      is_finished: true,
    });
    expect((await start(id, student1)).body.errors).toEqual({ assignment_id: ['Задание завершено'] });
  });
});
