import { assignmentSchema, type AssignmentComponent, type AssignmentRecord } from '@sabaq/events';
import { ValidationError } from '../../platform/errors';
import type { AssignmentReferences, SourceContent } from './assignments/build-record';

/**
 * Shared by the deciders' unit tests (assignment, edit rules, participation): a quiz with two choice
 * questions (1 and 2 points) and an essay, the assignment made of it, and what a refusal said by field.
 */
export const NOW = '2026-09-01T08:00:00.000Z';

const choice = (id: string, points: number, correct: string): Omit<AssignmentComponent, 'position'> => ({
  id,
  component: id,
  type: 'choice',
  assessment_id: 'quiz-1',
  assessment_type: 'quiz',
  data: {
    question: `Вопрос ${id}`,
    options: [
      { id: 'a', text: 'А' },
      { id: 'b', text: 'Б' },
    ],
    correct: [correct],
  },
  settings: { points, penalty_points: 0 },
  points,
});

export const quizSource: SourceContent = {
  id: 'quiz-1',
  kind: 'quiz',
  name: 'Дроби',
  description: 'Сложение дробей',
  components: [
    choice('q1', 1, 'a'),
    choice('q2', 2, 'b'),
    {
      id: 'q3',
      component: 'q3',
      type: 'free',
      assessment_id: 'quiz-1',
      assessment_type: 'quiz',
      data: { question: 'Объясните' },
      settings: { points: 5, penalty_points: 0 },
      points: 5,
    },
    {
      id: 'c1',
      component: 'c1',
      type: 'text',
      assessment_id: 'quiz-1',
      assessment_type: 'quiz',
      data: { content: 'Прочитайте' },
      settings: {},
      points: 0,
    },
  ],
};

export function assignmentRecord(overrides: Partial<AssignmentRecord> = {}): AssignmentRecord {
  return {
    ...assignmentSchema.parse({ type: 'quiz', quizzes: ['quiz-1'], students: ['s1', 's2'] }),
    id: 'as-1',
    name: 'Дроби',
    description: 'Сложение дробей',
    starting_at: NOW,
    ending_at: '2026-09-08T08:00:00.000Z',
    components: quizSource.components.map((c, position) => ({ ...c, position })),
    ...overrides,
  };
}

/** What an assignment names when it is made of the quiz above. */
export const quizReferences: AssignmentReferences = {
  lessons: {},
  quizzes: { 'quiz-1': quizSource },
  classStudents: [],
};

/** The errors by field of the ValidationError `run` throws; fails when it throws none. */
export const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationError');
};
