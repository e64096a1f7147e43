export { MyAssignmentsPage, MyAssignmentsSection } from './components/my-assignments';
export { StudentAssignmentPage } from './components/student-assignment-page';
export { RegisterPage } from './components/register-page';
