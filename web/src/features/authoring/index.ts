export { AuthoringListPage } from './components/authoring-list-page';
export { QuizEditorPage } from './components/quiz-editor-page';
export { LessonCreatePage, LessonEditorPage } from './components/lesson-pages';
export { CourseCreatePage, CourseViewPage } from './components/course-pages';
export { CourseEditPage } from './course-editor/course-edit-page';
