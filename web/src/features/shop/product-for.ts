import type { ProductRecord } from './model';

/** The active product that grants this course or prepaid assignment, if the school sells one. */
export function productFor(products: ProductRecord[], target: { courseId?: string; assignmentId?: string }) {
  return (
    products.find(
      (p) =>
        p.status === 'active' &&
        ((target.courseId && p.course_id === target.courseId) ||
          (target.assignmentId && p.assignment_id === target.assignmentId)),
    ) ?? null
  );
}
