import {
  groups,
  schoolAuthors,
  authored,
  type AccessTable,
  type CollectionAccess,
} from '../../platform/http/records/access';

/**
 * Courses and their groups and materials: authored as above, and read by the school's students too,
 * narrowed to published, non-private (or their own private) courses and published materials by
 * contexts/authoring/visibility.ts. A material's lesson or quiz stays closed to them: they open it
 * through its assignment.
 */
const schoolCourseReaders = groups('none', { ...schoolAuthors, student: 'own-school' });
const courseware: CollectionAccess = { ...authored, list: schoolCourseReaders, get: schoolCourseReaders };

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const authoringRecordAccess: AccessTable = {
  // Authoring: see `authored` (platform/http/records/access.ts).
  lessons: authored,
  'lesson-chapters': authored,
  'lesson-components': authored,
  quiz: authored,
  courses: courseware,
  'course-groups': courseware,
  'course-materials': courseware,
};
