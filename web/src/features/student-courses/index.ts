export { MyCoursesPage } from './components/my-courses-page';
export { StudentCoursePage } from './components/student-course-page';
export { CoursesSection } from './components/courses-section';
