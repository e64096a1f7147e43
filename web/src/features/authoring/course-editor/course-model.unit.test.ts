import { describe, expect, it } from 'vitest';
import {
  assignmentsFor,
  courseChanges,
  moveToGroup,
  moveWithin,
  positionUpdates,
  type CourseFields,
} from './course-model';

const m = (id: string, position: number) => ({
  id,
  position,
  type: 'quiz' as const,
  name: id,
  course_group_id: null,
  lesson_id: null,
  quiz_id: id,
  assignment_id: null,
  status: 'published' as const,
});

describe('course editor: reorder maths', () => {
  it('moves an item up or down one place, and not past either end', () => {
    expect(moveWithin(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveWithin(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    const list = ['a', 'b'];
    expect(moveWithin(list, 0, -1)).toBe(list);
    expect(moveWithin(list, 1, 1)).toBe(list);
    expect(moveWithin(list, 5, 1)).toBe(list);
  });

  it('saves only the positions that differ from the order on screen', () => {
    const moved = moveWithin([m('a', 0), m('b', 1), m('c', 2)], 2, -1);
    expect(positionUpdates(moved)).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
    // Gaps left by a removal or a move close up when the list is next reordered.
    expect(positionUpdates([m('a', 0), m('c', 5)])).toEqual([{ id: 'c', position: 1 }]);
    expect(positionUpdates([m('a', 0), m('b', 1)])).toEqual([]);
  });

  it('puts a material moved to another group at that group’s end, or out of every group', () => {
    const course = {
      groups: [
        { id: 'g1', name: 'Неделя 1', position: 0, materials: [m('a', 0), m('b', 3)] },
        { id: 'g2', name: 'Неделя 2', position: 1, materials: [] },
      ],
      materials: [m('x', 0)],
    };
    expect(moveToGroup(course, 'g1')).toEqual({ course_group_id: 'g1', position: 4 });
    expect(moveToGroup(course, 'g2')).toEqual({ course_group_id: 'g2', position: 0 });
    expect(moveToGroup(course, null)).toEqual({ course_group_id: null, position: 1 });
    expect(moveToGroup(course, 'gone')).toBeNull();
  });
});

describe('course editor: fields sent', () => {
  const before: CourseFields = {
    name: 'Алгебра',
    short_description: '',
    description: 'Курс',
    image: null,
    status: 'draft',
    availability_type: 'public',
    certificate_id: null,
    certificate_issue_type: 'auto-conditions',
    settings: { other: 1, certificate: { show_report: false } },
  };
  it('sends only changes, trimmed, with blank texts as null', () => {
    expect(courseChanges(before, { ...before })).toEqual({});
    expect(
      courseChanges(before, {
        ...before,
        name: ' Алгебра 7 ',
        description: '  ',
        image: '/api/media/1/file',
      }),
    ).toEqual({ name: 'Алгебра 7', description: null, image: '/api/media/1/file' });
  });
  it('sends the certificate template, and the issue type inside the whole settings, keeping the rest', () => {
    expect(courseChanges(before, { ...before, certificate_id: 't1' })).toEqual({ certificate_id: 't1' });
    expect(courseChanges(before, { ...before, certificate_issue_type: 'manual' })).toEqual({
      settings: { other: 1, certificate: { show_report: false, issue_type: 'manual' } },
    });
  });
});

describe('course editor: assignments a material links to', () => {
  const assignments = [
    { id: 'a1', name: 'Тест в 7 «А»', lessons: [], quizzes: ['q1'] },
    { id: 'a2', name: 'Урок в 7 «Б»', lessons: ['l1'], quizzes: [] },
    { id: 'a3', name: 'Оба', lessons: ['l1'], quizzes: ['q1', 'q2'] },
  ];
  it('offers only the assignments made from the material’s own lesson or quiz', () => {
    const quiz = { type: 'quiz' as const, quiz_id: 'q1', lesson_id: null };
    expect(assignmentsFor(quiz, assignments).map((a) => a.id)).toEqual(['a1', 'a3']);
    const lesson = { type: 'lesson' as const, quiz_id: null, lesson_id: 'l1' };
    expect(assignmentsFor(lesson, assignments).map((a) => a.id)).toEqual(['a2', 'a3']);
    expect(assignmentsFor({ type: 'quiz', quiz_id: null, lesson_id: null }, assignments)).toEqual([]);
  });
});
