import type { ComponentType } from 'react';
import { NewsHomeBlock, NewsItemPage, NewsListPage } from '../../features/news';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { WebinarChat } from '../../features/chat';
import { AssignmentWatcherPage, WaitingRoomLink } from '../../features/assignment-watcher';
import { MyCertificatesPage } from '../../features/certificates';
import { GroupHome } from '../../features/home';
import { MediaLibraryPage } from '../../features/media-library';
import { CoursesSection, MyCoursesPage, StudentCoursePage } from '../../features/student-courses';
import { ProfileEditPage, ProfilePasswordPage, ProfileViewPage } from '../../features/profile';
import { MyAssignmentsPage, MyAssignmentsSection, RegisterPage } from '../../features/student-work';
import { StudentAssignmentPage } from '../routes/student-assignment-page';

// The webinar (WebRTC mesh and its signalling) is loaded when first opened, not with the area.
const WebinarPage = lazy(async () => ({
  default: (await import('../../features/webinars/components/webinar-page')).WebinarPage,
}));
/** The student's area (/s). */
export const pages: Record<string, ComponentType> = {
  news: NewsListPage,
  'news-item': NewsItemPage,
  'assignment-webinar': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <WebinarPage chat={(webinarId) => <WebinarChat webinarId={webinarId} />} />
    </Suspense>
  ),
  // The student's home is the common greeting with their assignments under it, then the way to courses;
  // on exam day a small link leads to the waiting room. The school's latest news sits in the greeting's block.
  home: () => (
    <>
      <GroupHome news={<NewsHomeBlock />} />
      <WaitingRoomLink />
      <MyAssignmentsSection />
      <CoursesSection />
    </>
  ),
  courses: MyCoursesPage,
  course: StudentCoursePage,
  assignments: MyAssignmentsPage,
  assignment: StudentAssignmentPage,
  'assignment-register': RegisterPage,
  'assignment-watcher': AssignmentWatcherPage,
  media: MediaLibraryPage,
  certificates: MyCertificatesPage,
  profile: ProfileViewPage,
  'profile-edit': () => <ProfileEditPage />,
  'profile-password': ProfilePasswordPage,
};
