import { Skeleton } from '@mantine/core';
import { NewsHomeBlock, NewsItemPage, NewsListPage } from '../../features/news';
import { lazy, Suspense, type ComponentType } from 'react';
import { GroupHome } from '../../features/home';
import { ProctorAssignmentsPage } from '../../features/proctoring';
import { ProfileEditPage, ProfilePasswordPage, ProfileViewPage } from '../../features/profile';

// The grid with its timeline and player is loaded when an assignment is first opened.
const ProctorAssignmentPage = lazy(async () => ({
  default: (await import('../../features/proctoring/components/proctoring-page')).ProctorAssignmentPage,
}));

/** The proctor's area (/p). */
export const pages: Record<string, ComponentType> = {
  news: NewsListPage,
  'news-item': NewsItemPage,
  home: () => <GroupHome news={<NewsHomeBlock />} />,
  assignments: ProctorAssignmentsPage,
  assignment: () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <ProctorAssignmentPage />
    </Suspense>
  ),
  profile: ProfileViewPage,
  'profile-edit': () => <ProfileEditPage />,
  'profile-password': ProfilePasswordPage,
};
