import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@sabaq/events';

/** The records the tasks suite starts from: two registered students and a one-question quiz. */

/** Student n of school-a as identity registers them (their names appear in the exported results). */
export function studentRegistered(n: number, userId: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: {
      userId,
      username: `s${n}`,
      group: 'student',
      schoolIds: ['school-a'],
      firstname: n === 1 ? 'Айгерим' : 'Ерлан',
      lastname: n === 1 ? 'Касымова' : 'Серіков',
      passwordHash: 'not-a-usable-hash',
      registeredAt: new Date().toISOString(),
    },
    metadata: {},
  };
}

/** One choice question worth 2 points: 2 × 2 = 4. */
export const MULTIPLICATION_QUIZ = {
  name: 'Умножение',
  components: [
    {
      component_type: 'choice',
      data: {
        question: '2 × 2 = ?',
        options: [
          { id: 'a', text: '3' },
          { id: 'b', text: '4' },
        ],
        correct: ['b'],
      },
      settings: { points: 2 },
    },
  ],
};
