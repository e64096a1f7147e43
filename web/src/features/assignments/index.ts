export { AssignmentsListPage } from './components/assignments-list-page';
export { AssignmentViewPage } from './components/assignment-view-page';
export { AttemptResultPage } from './components/attempt-result-page';
