import { assignmentSchema, classSchema, type AssignmentInput } from '@sabaq/events';
import type { ContextServices } from '../../../services/src/platform/context';
import { assignmentHandler } from '../../../services/src/contexts/assignments/assignments/commands';
import { classHandler } from '../../../services/src/contexts/assignments/classes/commands';
import { assignmentCollections } from '../../../services/src/contexts/assignments/collections';
import { gradingPort } from '../../../services/src/contexts/assignments/grading-port';
import { reviewerScoreId, scoreId } from '../../../services/src/contexts/assignments/ids';
import { TABLES } from '../../../services/src/contexts/assignments/read-model/tables';
import {
  recordAnswer,
  reviewResult,
  startAttempt,
} from '../../../services/src/contexts/assignments/work/commands';
import { postComment } from '../../../services/src/contexts/assignments/work/comments';
import { quiz } from '../../../services/src/contexts/authoring/collections';
import { quizHandler } from '../../../services/src/contexts/authoring/records/handlers';
import type { Caller, Group } from '../../../services/src/platform/http/caller';
import { callerFor, type RecordsApp } from '../records/records-app';

/**
 * What the generated access test (records/access.int.test.ts) needs for the assignments collections.
 * Records are planted through the context's commands, as the people they belong to: a class and an
 * assignment of school-a list both test students of school-a (`student-school-a-1` and `-2`), so
 * "students see what they are in" reads as the table's own-school for them; a student's work belongs
 * to `student-school-a-1` in an assignment owned by `teacher-school-a-1` and reviewed by
 * `teacher-school-a-2`, so that "the assignment's teachers see its work" reads as own-school for
 * teachers. The narrower rules themselves are tested in assignments.int.test.ts.
 */
export const assignmentsAccessCollections = assignmentCollections;
export const isAssignmentsCollection = (name: string) => assignmentCollections.some((c) => c.name === name);

type Perspective = 'owner' | 'colleague' | 'other-school';
type School = 'school-a' | 'school-b';
const schoolOf = (perspective: Perspective): School =>
  perspective === 'other-school' ? 'school-b' : 'school-a';
const studentOf = (perspective: Perspective) =>
  callerFor('student', schoolOf(perspective), perspective === 'colleague' ? 2 : 1);

interface Parents {
  /** An assignment with a question, comments on; the school's students each have an attempt in it. */
  assignment: string;
  component: string;
  attempts: Record<string, string>;
  /** A result of the school's first student, for reviews and comments. */
  result: string;
  /** An assignment nobody has started, for the attempts' create. */
  fresh: string;
}
const parents = new Map<School, Parents>();
const parentsOf = (school: School) => {
  const found = parents.get(school);
  if (!found) throw new Error(`plantAssignmentsParents has not run for ${school}`);
  return found;
};

const studentsOf = (school: School) => [
  callerFor('student', school, 1).userId,
  callerFor('student', school, 2).userId,
];

async function makeQuiz(services: ContextServices, owner: Caller): Promise<string> {
  const id = services.newId();
  const data = quiz.create.parse({
    name: `Тест ${owner.userId}`,
    components: [
      {
        component_type: 'choice',
        data: {
          question: 'Да?',
          options: [
            { id: 'y', text: 'Да' },
            { id: 'n', text: 'Нет' },
          ],
          correct: ['y'],
        },
      },
    ],
  });
  await quizHandler(services, { type: 'create', id, data }, owner);
  return id;
}

async function makeAssignment(
  services: ContextServices,
  owner: Caller,
  input: AssignmentInput,
): Promise<string> {
  const id = services.newId();
  await assignmentHandler(services, { type: 'create', id, data: assignmentSchema.parse(input) }, owner);
  return id;
}

async function componentOf(services: ContextServices, assignmentId: string): Promise<string> {
  const row = await services.db
    .selectFrom(TABLES.assignments)
    .select('record')
    .where('id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  return (row.record as { components: { id: string }[] }).components[0]!.id;
}

/** Per school: a quiz, assignments of it, an attempt per student and a result to review. */
export async function plantAssignmentsParents(records: RecordsApp): Promise<void> {
  const services = records.services;
  const grade = gradingPort();
  for (const school of ['school-a', 'school-b'] as const) {
    const owner = callerFor('teacher', school, 1);
    const quizId = await makeQuiz(services, owner);
    const input: AssignmentInput = {
      type: 'quiz',
      quizzes: [quizId],
      students: studentsOf(school),
      reviewers: [callerFor('teacher', school, 2).userId],
      is_comments: true,
    };
    const assignment = await makeAssignment(services, owner, input);
    const fresh = await makeAssignment(services, owner, input);
    const component = await componentOf(services, assignment);
    const attempts: Record<string, string> = {};
    for (const n of [1, 2]) {
      const student = callerFor('student', school, n);
      attempts[student.userId] = services.newId();
      await startAttempt(services, student, attempts[student.userId]!, assignment);
    }
    const first = callerFor('student', school, 1);
    const result = await recordAnswer(
      services,
      first,
      {
        assignment_attempt_id: attempts[first.userId]!,
        component_id: component,
        component_type: 'choice',
        answer: { selected: ['n'] },
      },
      grade,
    );
    parents.set(school, { assignment, component, attempts, result, fresh });
  }
}

/**
 * The record the generated test reads, edits or deletes, planted as the people it belongs to (see
 * above), whatever group the test plays: all of them are of school-a.
 */
export async function plantAssignmentsRecord(records: RecordsApp, name: string): Promise<string> {
  // A student's work is never edited or deleted through the record calls: one record serves every case.
  if (name !== 'classes' && name !== 'assignments') {
    const planted = work.get(name) ?? plantRecord(records, name);
    work.set(name, planted);
    return planted;
  }
  return plantRecord(records, name);
}
const work = new Map<string, Promise<string>>();

async function plantRecord(records: RecordsApp, name: string): Promise<string> {
  const services = records.services;
  const teacher = callerFor('teacher', 'school-a', 1);
  const student = callerFor('student', 'school-a', 1);
  const people = {
    students: studentsOf('school-a'),
    reviewers: [callerFor('teacher', 'school-a', 2).userId],
  };
  switch (name) {
    case 'classes': {
      const id = services.newId();
      const data = classSchema.parse({ name: `Класс ${id}`, students: people.students });
      await classHandler(services, { type: 'create', id, data }, teacher);
      return id;
    }
    case 'assignments':
      return makeAssignment(services, teacher, { type: 'external', name: 'Эссе', ...people });
    default: {
      const quizId = await makeQuiz(services, teacher);
      const assignment = await makeAssignment(services, teacher, {
        type: 'quiz',
        quizzes: [quizId],
        ...people,
      });
      const attempt = services.newId();
      await startAttempt(services, student, attempt, assignment);
      if (name === 'assignment-attempts') return attempt;
      const component = await componentOf(services, assignment);
      const answer = { assignment_attempt_id: attempt, component_id: component, component_type: 'choice' };
      const result = await recordAnswer(
        services,
        student,
        { ...answer, answer: { selected: ['y'] } },
        gradingPort(),
      );
      if (name === 'assignment-results') return result;
      if (name === 'assignment-scores') return scoreId(assignment, student.userId);
      if (name === 'assignment-comments') {
        const id = services.newId();
        await postComment(services, teacher, id, {
          assignment_id: assignment,
          assignment_result_id: result,
          message: 'Да',
        });
        return id;
      }
      const reviewed = await reviewResult(services, teacher, { assignment_result_id: result, points: 1 });
      if (name === 'assignment-reviewer-results') return reviewed;
      if (name === 'assignment-reviewer-scores')
        return reviewerScoreId(assignment, student.userId, teacher.userId);
      throw new Error(`no planting for ${name}`);
    }
  }
}

let counter = 0;
type Sample = (group?: Group, perspective?: Perspective) => { create: object; update: object };

export const assignmentsSamples: Record<string, Sample> = {
  classes: () => ({ create: { name: `Класс ${++counter}` }, update: { name: 'Класс изменён' } }),
  assignments: () => ({
    create: { type: 'external', name: `Задание ${++counter}` },
    update: { description: 'Изменено' },
  }),
  // A student starts in an assignment of their school nobody has started yet.
  'assignment-attempts': (_group, perspective = 'owner') => ({
    create: { assignment_id: parentsOf(schoolOf(perspective)).fresh },
    update: {},
  }),
  // A student answers in their own attempt.
  'assignment-results': (_group, perspective = 'owner') => {
    const { attempts, component } = parentsOf(schoolOf(perspective));
    return {
      create: {
        assignment_attempt_id: attempts[studentOf(perspective).userId]!,
        component_id: component,
        component_type: 'choice',
        answer: { selected: ['y'] },
      },
      update: {},
    };
  },
  'assignment-scores': () => ({ create: {}, update: {} }),
  // Staff review a result of their school.
  'assignment-reviewer-results': (_group, perspective = 'owner') => ({
    create: { assignment_result_id: parentsOf(schoolOf(perspective)).result, points: 1 },
    update: {},
  }),
  'assignment-reviewer-scores': () => ({ create: {}, update: {} }),
  // Staff comment on a result; a student on their own work (comments are on).
  'assignment-comments': (group, perspective = 'owner') => {
    const { assignment, result } = parentsOf(schoolOf(perspective));
    return {
      create:
        group === 'student'
          ? { assignment_id: assignment, message: `Вопрос ${++counter}` }
          : { assignment_id: assignment, assignment_result_id: result, message: `Замечание ${++counter}` },
      update: {},
    };
  },
};
