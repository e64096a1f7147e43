export { ProctorAssignmentsPage } from './components/proctor-assignments-page';
export { ProctorAssignmentPage, TeacherProctoringPage } from './components/proctoring-page';
