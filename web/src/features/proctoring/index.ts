export { ProctorAssignmentsPage } from './components/proctor-assignments-page';
// The grid page (timeline, player) is imported lazily by the areas straight from
// components/proctoring-page.tsx, so that it is downloaded only when an assignment is opened.
