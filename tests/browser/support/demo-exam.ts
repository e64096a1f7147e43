import { expect } from 'vitest';
import type { DemoPlatform } from './demo-platform';

/** The demo quiz the exams are given from (services' demo content). */
const DEMO_QUIZ = 'Проверочная работа: основы';
/** The demo content is seeded in the background after the platform starts. */
const SEEDED = { timeout: 30_000, interval: 500 };

/** An action of the exam as the API lists it; the fields these tests read. */
export interface ExamAction {
  action_type: string;
  description: string | null;
  screenshot: string | null;
  created_at: string;
}

/** A recording session of the exam (camera, screen, second camera) as the API lists it. */
export interface ExamSession {
  id: string;
  assignment_attempt_id: string;
  session_type: string;
  status: string;
  state: string | null;
  video_duration: number | null;
}

/**
 * Proctored exams on the demo platform: the demo teacher gives the demo quiz to the demo student, and
 * the test reads what the student's exam client posted, as the student.
 */
export class DemoExams {
  teacher = '';
  studentToken = '';
  student = { id: '', firstname: '' };
  private quizId = '';

  constructor(private readonly demo: DemoPlatform) {}

  /** Signs the teacher and the student in and waits for the demo quiz; once per file. */
  async lookUp(): Promise<void> {
    if (this.quizId) return;
    this.teacher = (await this.demo.tokensOf('teacher')).access_token!;
    this.studentToken = (await this.demo.tokensOf('student')).access_token!;
    const me = (await (await this.demo.getAs(this.studentToken, '/api/user.json')).json()) as {
      entity: { id: string; firstname: string };
    };
    this.student = me.entity;
    await expect
      .poll(async () => {
        const answer = await this.demo.getAs(this.teacher, '/api/quiz?limit=100');
        const listed = (await answer.json()) as { entities?: { id: string; name: string }[] };
        this.quizId = listed.entities?.find((q) => q.name === DEMO_QUIZ)?.id ?? '';
        return this.quizId !== '';
      }, SEEDED)
      .toBe(true);
  }

  /** A proctored quiz of 30 minutes for the student, `proctoring` over the specification's defaults. */
  async create(name: string, proctoring: Record<string, unknown>): Promise<{ id: string; name: string }> {
    await this.lookUp();
    const created = await fetch(`${this.demo.url}/api/assignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.teacher}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'quiz',
        name,
        quizzes: [this.quizId],
        students: [this.student.id],
        is_proctoring: true,
        complete_time: 30,
        settings: { proctoring_settings: proctoring },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    return ((await created.json()) as { entity: { id: string; name: string } }).entity;
  }

  async actions(assignmentId: string): Promise<ExamAction[]> {
    return this.entities<ExamAction>(`/api/assignment/actions?assignment_id=${assignmentId}`);
  }

  /** The assignment's recording sessions, optionally of one type only. */
  async sessions(assignmentId: string, type?: string): Promise<ExamSession[]> {
    const only = type ? `&filter[session_type]=${type}` : '';
    return this.entities<ExamSession>(`/api/webinar-sessions?filter[assignment_id]=${assignmentId}${only}`);
  }

  private async entities<T>(pathname: string): Promise<T[]> {
    const answer = await this.demo.getAs(this.studentToken, pathname);
    return ((await answer.json()) as { entities: T[] }).entities;
  }
}
