import type { ComponentType } from 'react';
import { GroupHome } from '../../features/home';
import { ProctorAssignmentPage, ProctorAssignmentsPage } from '../../features/proctoring';
import { ProfileEditPage, ProfilePasswordPage, ProfileViewPage } from '../../features/profile';

/** The proctor's area (/p). */
export const pages: Record<string, ComponentType> = {
  home: GroupHome,
  assignments: ProctorAssignmentsPage,
  assignment: ProctorAssignmentPage,
  profile: ProfileViewPage,
  'profile-edit': () => <ProfileEditPage />,
  'profile-password': ProfilePasswordPage,
};
