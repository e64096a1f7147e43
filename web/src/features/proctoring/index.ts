export { ProctorAssignmentsPage } from './components/proctor-assignments-page';
// The grid page (timeline, player) is imported lazily by the areas straight from
// components/proctoring-page.tsx, so that it is downloaded only when an assignment is opened.
// The teacher's attempt result page (features/assignments) shows one attempt's proctoring evidence
// (violations, recordings, actions, identity photos, AI report) through these tabs.
export { ResultTabs } from './result-tabs/result-tabs';
