import { describe, expect, it } from 'vitest';
import { colorOf, materialLink, outlineOf, type CourseMaterial, type StudentCourse } from './model';

const material = (id: string, position: number, assignment_id: string | null = null): CourseMaterial => ({
  id,
  course_group_id: null,
  type: 'lesson',
  assignment_id,
  name: id,
  short_description: null,
  position,
});

describe('student courses model', () => {
  it('orders groups and their materials by position, loose materials apart', () => {
    const course: StudentCourse = {
      id: 'c',
      name: 'Курс',
      image: null,
      description: null,
      short_description: null,
      materials_count: 4,
      materials: [material('loose-2', 2), material('loose-1', 1)],
      groups: [
        { id: 'g2', name: 'Вторая', description: null, position: 1, materials: [material('b', 0)] },
        {
          id: 'g1',
          name: 'Первая',
          description: null,
          position: 0,
          materials: [material('a2', 5), material('a1', 3)],
        },
      ],
    };
    const outline = outlineOf(course);
    expect(outline.loose.map((m) => m.id)).toEqual(['loose-1', 'loose-2']);
    expect(outline.groups.map((g) => g.id)).toEqual(['g1', 'g2']);
    expect(outline.groups[0]!.materials.map((m) => m.id)).toEqual(['a1', 'a2']);
  });

  it('links a material to its assignment only', () => {
    expect(materialLink(material('m', 0, 'a 1'))).toBe('/s/assignments/a%201');
    expect(materialLink(material('m', 0))).toBeNull();
  });

  it('gives a course the same colour every time', () => {
    expect(colorOf('course-1')).toBe(colorOf('course-1'));
    expect(typeof colorOf('')).toBe('string');
  });
});
