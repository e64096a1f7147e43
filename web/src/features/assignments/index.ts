export { AssignmentsListPage } from './components/assignments-list-page';
export { AttemptResultPage } from './components/attempt-result-page';
