import type { ComponentType } from 'react';
import { NewsHomeBlock, NewsItemPage, NewsListPage } from '../../features/news';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WebinarChat } from '../../features/chat';
import { AssignmentsListPage, AttemptResultPage } from '../../features/assignments';
import { AssignmentViewPage } from '../routes/assignment-view-page';
import { QuizEditorWithImport } from '../routes/quiz-editor-with-import';
import {
  AuthoringListPage,
  CourseCreatePage,
  CourseEditPage,
  CourseViewPage,
  LessonCreatePage,
  LessonEditorPage,
  QuizEditorPage,
} from '../../features/authoring';
import { CourseCertificatesPage, TemplatesListPage } from '../../features/certificates';
import { ClassCreatePage, ClassesListPage, ClassViewPage } from '../../features/classes';
import { RoomCreatePage, RoomsListPage, RoomViewPage } from '../../features/rooms';
import { GroupHome } from '../../features/home';
import { InviteCreatePage, InvitesListPage, InviteViewPage } from '../../features/invites';
import { MediaField, MediaLibraryPage } from '../../features/media-library';
import type { BackgroundPicker } from '../../features/certificates/components/template-editor-page';
// Straight from its file: through the feature's index the people screens would join every area's chunk.
import { TeacherStudentPage } from '../../features/people/components/teacher-student-page';
import { ProfileViewPage, TeacherProfileEditPage } from '../../features/profile';

// The create form reads the specification's proctoring defaults from @sabaq/events, whose module
// brings zod along: loaded when the form is first opened, so the lists and views stay light.
const AssignmentCreatePage = lazy(async () => ({
  default: (await import('../../features/assignments/components/assignment-create-page'))
    .AssignmentCreatePage,
}));

const AssignmentEditPage = lazy(async () => ({
  default: (await import('../../features/assignments/components/assignment-edit-page')).AssignmentEditPage,
}));

// The proctoring page (grid, timeline, player) is loaded when first opened, not with the area.
const TeacherProctoringPage = lazy(async () => ({
  default: (await import('../../features/proctoring/components/proctoring-page')).TeacherProctoringPage,
}));

// The webinar (WebRTC mesh and its signalling) is loaded when first opened, not with the area.
const WebinarPage = lazy(async () => ({
  default: (await import('../../features/webinars/components/webinar-page')).WebinarPage,
}));
// The anti-plagiarism report (with its chart library) is loaded when first opened, not with the area.
const AntiplagiarismReportPage = lazy(async () => ({
  default: (await import('../../features/antiplagiarism/components/report-page')).AntiplagiarismReportPage,
}));
// The template editor (its preview, drag and colour inputs) is loaded when first opened.
const TemplateCreatePage = lazy(async () => ({
  default: (await import('../../features/certificates/components/template-editor-page')).TemplateCreatePage,
}));
const TemplateEditPage = lazy(async () => ({
  default: (await import('../../features/certificates/components/template-editor-page')).TemplateEditPage,
}));
/** A certificate template's background, picked from the media library (composed here: two features). */
const templateBackground: BackgroundPicker = ({ value, onChange, error }) => (
  <TemplateBackgroundField value={value} onChange={onChange} error={error} />
);
function TemplateBackgroundField(props: Parameters<BackgroundPicker>[0]) {
  const { t } = useTranslation();
  return (
    <MediaField
      label={t('certificates.editor.background')}
      kinds={['image']}
      value={props.value}
      onChange={(media) => props.onChange(media?.src ?? null)}
      error={props.error}
      testId="template-background"
    />
  );
}

/** The teacher's area (/t); managers open it too, through the shared menu. */
export const pages: Record<string, ComponentType> = {
  news: NewsListPage,
  'news-item': NewsItemPage,
  'assignment-webinar': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <WebinarPage chat={(webinarId) => <WebinarChat webinarId={webinarId} />} />
    </Suspense>
  ),
  home: () => <GroupHome news={<NewsHomeBlock />} />,
  profile: ProfileViewPage,
  'profile-edit': TeacherProfileEditPage,
  student: TeacherStudentPage,
  assignments: AssignmentsListPage,
  'assignment-create': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <AssignmentCreatePage />
    </Suspense>
  ),
  assignment: AssignmentViewPage,
  'assignment-edit': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <AssignmentEditPage />
    </Suspense>
  ),
  'antiplagiarism-report': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <AntiplagiarismReportPage />
    </Suspense>
  ),
  'assignment-result': AttemptResultPage,
  'assignment-proctoring': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <TeacherProctoringPage />
    </Suspense>
  ),
  lessons: () => <AuthoringListPage collection="lessons" />,
  'lesson-create': LessonCreatePage,
  lesson: LessonEditorPage,
  quizzes: () => <AuthoringListPage collection="quiz" />,
  'quiz-create': QuizEditorPage,
  // A saved quiz with the questions import wizard (features/tasks).
  quiz: QuizEditorWithImport,
  courses: () => <AuthoringListPage collection="courses" />,
  'course-create': CourseCreatePage,
  course: CourseViewPage,
  'course-edit': CourseEditPage,
  'course-certificates': CourseCertificatesPage,
  classes: ClassesListPage,
  'class-create': ClassCreatePage,
  class: ClassViewPage,
  rooms: RoomsListPage,
  'room-create': RoomCreatePage,
  room: RoomViewPage,
  invites: InvitesListPage,
  'invite-create': InviteCreatePage,
  invite: InviteViewPage,
  media: MediaLibraryPage,
  'certificate-templates': TemplatesListPage,
  'certificate-template-create': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <TemplateCreatePage backgroundPicker={templateBackground} />
    </Suspense>
  ),
  'certificate-template-edit': () => (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      <TemplateEditPage backgroundPicker={templateBackground} />
    </Suspense>
  ),
};
