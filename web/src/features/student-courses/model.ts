/** A course material as a student reads it (published only: the platform leaves drafts out). */
export interface CourseMaterial {
  id: string;
  course_group_id: string | null;
  type: 'lesson' | 'quiz';
  assignment_id: string | null;
  name: string | null;
  short_description: string | null;
  position: number;
}

export interface CourseGroup {
  id: string;
  name: string;
  description: string | null;
  position: number;
  materials: CourseMaterial[];
}

export interface StudentCourse {
  id: string;
  name: string;
  image: string | null;
  description: string | null;
  short_description: string | null;
  groups: CourseGroup[];
  /** Materials outside any group. */
  materials: CourseMaterial[];
  materials_count: number;
}

const byPosition = <T extends { position: number }>(items: T[]) =>
  [...items].sort((a, b) => a.position - b.position);

/** The course's groups in their order, each with its materials in order; loose materials come first. */
export function outlineOf(course: StudentCourse): { groups: CourseGroup[]; loose: CourseMaterial[] } {
  return {
    loose: byPosition(course.materials ?? []),
    groups: byPosition(course.groups ?? []).map((group) => ({
      ...group,
      materials: byPosition(group.materials ?? []),
    })),
  };
}

/**
 * Where a material leads a student: its assignment, when the teacher gave one. Students never open a
 * lesson or a quiz straight (the access table), so without an assignment there is no link.
 */
export function materialLink(material: CourseMaterial): string | null {
  return material.assignment_id ? `/s/assignments/${encodeURIComponent(material.assignment_id)}` : null;
}

/** Mantine colours for a course without an image: the same course always gets the same one. */
const COLORS = ['blue', 'teal', 'grape', 'orange', 'indigo', 'cyan', 'pink', 'lime'] as const;
export function colorOf(id: string): (typeof COLORS)[number] {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}
