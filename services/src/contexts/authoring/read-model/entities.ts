import type { Row } from '../../../platform/http/records/collection';

/** Rows to the entities the API answers; nested lists were built by the projection with these too. */
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

function common(row: Row) {
  return {
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function lessonEntity(row: Row) {
  const chapters = list(row.chapters);
  return {
    ...common(row),
    teacher_id: row.owner_id,
    status: row.status,
    image: row.image,
    color: row.color,
    name: row.name,
    description: row.description,
    is_unlisted: row.is_unlisted,
    settings: row.settings,
    max_score: row.max_score,
    chapters,
    chapters_count: chapters.length,
  };
}

export function chapterEntity(row: Row) {
  return {
    ...common(row),
    lesson_id: row.lesson_id,
    name: row.name,
    description: row.description,
    position: row.position,
    settings: row.settings,
    temporary_id: row.temporary_id,
    components: list(row.components),
  };
}

function componentFields(row: Row) {
  return {
    component_id: row.component_id,
    component_type: row.component_type,
    data: row.data,
    position: row.position,
    settings: row.settings,
    temporary_id: row.temporary_id,
    /** The most this component can score. */
    points: row.points,
  };
}

export function lessonComponentEntity(row: Row) {
  return { ...common(row), lesson_id: row.lesson_id, chapter_id: row.chapter_id, ...componentFields(row) };
}

export function quizComponentEntity(row: Row) {
  return { id: row.id, quiz_id: row.quiz_id, ...componentFields(row) };
}

export function quizEntity(row: Row) {
  const components = list(row.components);
  return {
    ...common(row),
    image: row.image,
    color: row.color,
    name: row.name,
    description: row.description,
    is_unlisted: row.is_unlisted,
    settings: row.settings,
    /** The sum of the components' points. */
    max_score: row.max_score,
    components,
    components_count: components.length,
  };
}

export function courseEntity(row: Row) {
  const groups = list(row.groups) as { materials?: unknown[] }[];
  const materials = list(row.materials);
  const teachers = list(row.teachers);
  const students = list(row.students);
  return {
    ...common(row),
    status: row.status,
    availability_type: row.availability_type,
    invite_code_id: row.invite_code_id,
    certificate_id: row.certificate_id,
    image: row.image,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    starting_at_type: row.starting_at_type,
    starting_at: iso(row.starting_at),
    ending_at_type: row.ending_at_type,
    ending_at: iso(row.ending_at),
    settings: row.settings,
    teachers,
    students,
    products: list(row.products),
    groups,
    /** Materials outside any group. */
    materials,
    teachers_count: teachers.length,
    students_count: students.length,
    groups_count: groups.length,
    materials_count: materials.length + groups.reduce((n, g) => n + list(g.materials).length, 0),
  };
}

export function courseGroupEntity(row: Row) {
  return {
    ...common(row),
    course_id: row.course_id,
    name: row.name,
    description: row.description,
    position: row.position,
    materials: list(row.materials),
  };
}

export function courseMaterialEntity(row: Row) {
  return {
    ...common(row),
    course_id: row.course_id,
    course_group_id: row.course_group_id,
    type: row.type,
    lesson_id: row.lesson_id,
    quiz_id: row.quiz_id,
    assignment_id: row.assignment_id,
    status: row.status,
    image: row.image,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    settings: row.settings,
    position: row.position,
  };
}
