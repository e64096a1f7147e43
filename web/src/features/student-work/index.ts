export { MyAssignmentsPage, MyAssignmentsSection } from './components/my-assignments';
export { RegisterPage } from './components/register-page';
