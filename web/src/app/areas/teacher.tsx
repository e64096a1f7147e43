import type { ComponentType } from 'react';
import { GroupHome } from '../../features/home';
// Straight from its file: through the feature's index the people screens would join every area's chunk.
import { TeacherStudentPage } from '../../features/home/components/teacher-student-page';
import { ProfileViewPage, TeacherProfileEditPage } from '../../features/profile';

/** The teacher's area (/t); managers open it too, through the shared menu. */
export const pages: Record<string, ComponentType> = {
  home: GroupHome,
  profile: ProfileViewPage,
  'profile-edit': TeacherProfileEditPage,
  student: TeacherStudentPage,
};
