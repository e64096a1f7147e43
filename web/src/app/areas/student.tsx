import type { ComponentType } from 'react';
import { GroupHome } from '../../features/home';
import { ProfileEditPage, ProfilePasswordPage, ProfileViewPage } from '../../features/profile';

/** The student's area (/s). */
export const pages: Record<string, ComponentType> = {
  home: GroupHome,
  profile: ProfileViewPage,
  'profile-edit': () => <ProfileEditPage />,
  'profile-password': ProfilePasswordPage,
};
