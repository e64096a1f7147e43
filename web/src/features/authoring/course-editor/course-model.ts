import type { Course } from '../model';

export interface CourseMaterial {
  id: string;
  type: 'lesson' | 'quiz';
  name: string;
  course_group_id: string | null;
  lesson_id: string | null;
  quiz_id: string | null;
  /** The assignment that gives this material to students: the student's course page links to it. */
  assignment_id: string | null;
  position: number;
  status: 'draft' | 'published';
}

export interface CourseGroup {
  id: string;
  name: string;
  position: number;
  materials: CourseMaterial[];
}

/** A course as GET /api/courses/{id} answers it to its author: groups with their materials, and the rest. */
export interface CourseWithParts extends Course {
  image: string | null;
  /** The certificate template the course names, and its settings (settings.certificate.issue_type). */
  certificate_id?: string | null;
  settings?: Record<string, unknown> | null;
  groups: CourseGroup[];
  materials: CourseMaterial[];
}

/** The list with item `index` moved `delta` places (−1 up, +1 down); the same list when it cannot move. */
export function moveWithin<T>(list: readonly T[], index: number, delta: -1 | 1): readonly T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * The saves that make a list's stored positions its order on screen: one per item whose position is
 * not its index (a reorder of two neighbours saves two; items already in place save nothing).
 */
export function positionUpdates(list: readonly { id: string; position: number }[]) {
  return list.flatMap((item, index) => (item.position === index ? [] : [{ id: item.id, position: index }]));
}

/** Where a material lands when moved to another group (or out of every group): at that list's end. */
export function moveToGroup(
  course: Pick<CourseWithParts, 'groups' | 'materials'>,
  targetGroup: string | null,
) {
  const target =
    targetGroup === null ? course.materials : course.groups.find((g) => g.id === targetGroup)?.materials;
  if (!target) return null;
  const last = target.reduce((max, m) => Math.max(max, m.position), -1);
  return { course_group_id: targetGroup, position: last + 1 };
}

/** The course fields the editor sends: only those that changed, with blank texts as null. */
export interface CourseFields {
  name: string;
  short_description: string;
  description: string;
  image: string | null;
  status: 'draft' | 'published';
  availability_type: 'public' | 'private' | 'prepaid';
  certificate_id: string | null;
  certificate_issue_type: 'auto-conditions' | 'auto-all' | 'manual';
  /** The course's whole settings as loaded: an edit sends settings whole, so the rest is kept. */
  settings: Record<string, unknown>;
}

const ISSUE_TYPES = ['auto-conditions', 'auto-all', 'manual'] as const;

/** The course's settings.certificate.issue_type, auto-conditions when unset (000 §9's default). */
function issueTypeOf(settings: Record<string, unknown>): CourseFields['certificate_issue_type'] {
  const certificate = settings.certificate as { issue_type?: unknown } | undefined;
  return ISSUE_TYPES.find((type) => type === certificate?.issue_type) ?? 'auto-conditions';
}

export function courseFieldsOf(course: CourseWithParts): CourseFields {
  return {
    name: course.name,
    short_description: course.short_description ?? '',
    description: course.description ?? '',
    image: course.image ?? null,
    status: course.status,
    availability_type: course.availability_type,
    certificate_id: course.certificate_id ?? null,
    certificate_issue_type: issueTypeOf(course.settings ?? {}),
    settings: course.settings ?? {},
  };
}

export function courseChanges(
  before: CourseFields,
  after: CourseFields,
): Partial<Record<keyof CourseFields, unknown>> {
  const normal = (f: CourseFields) => ({
    ...f,
    name: f.name.trim(),
    short_description: f.short_description.trim() || null,
    description: f.description.trim() || null,
  });
  const a = normal(before);
  const b = normal(after);
  const plain = (Object.keys(b) as (keyof CourseFields)[]).filter(
    (k) => k !== 'settings' && k !== 'certificate_issue_type' && a[k] !== b[k],
  );
  const changes: Partial<Record<keyof CourseFields, unknown>> = Object.fromEntries(
    plain.map((k) => [k, b[k]]),
  );
  if (a.certificate_issue_type !== b.certificate_issue_type) {
    const certificate = (before.settings.certificate ?? {}) as Record<string, unknown>;
    changes.settings = {
      ...before.settings,
      certificate: { ...certificate, issue_type: b.certificate_issue_type },
    };
  }
  return changes;
}

/** An assignment as the picker needs it: what it was made from. */
export interface AssignmentOption {
  id: string;
  name: string;
  lessons: string[];
  quizzes: string[];
}

/** The assignments that give this material's lesson or quiz: the ones a material may link to. */
export function assignmentsFor(
  material: Pick<CourseMaterial, 'type' | 'lesson_id' | 'quiz_id'>,
  assignments: readonly AssignmentOption[],
): AssignmentOption[] {
  const source = material.type === 'quiz' ? material.quiz_id : material.lesson_id;
  if (!source) return [];
  return assignments.filter((a) => (material.type === 'quiz' ? a.quizzes : a.lessons).includes(source));
}
