export { ProctorAssignmentsPage } from './components/proctor-assignments-page';
// The grid page (timeline, player) is imported lazily by the areas straight from
// components/proctoring-page.tsx, so that it is downloaded only when an assignment is opened.
// The teacher's attempt result page (features/assignments) shows one attempt's violations, recordings and
// actions with these same parts; it reaches them only through this index.
export { timelineQuery } from './api/timeline';
export { recordingsQuery, type Recording } from './api/recordings';
export { attemptActionsQuery } from './api/roster';
export { IntervalList } from './components/interval-list';
export { CredibilityCard } from './components/credibility-card';
export { ReviewForm as IntervalReviewForm } from './components/review-form';
export { VideoPlayer } from './components/video-player';
export { ActionList } from './components/action-list';
export { clockTime, formatClock } from './model/duration';
export type { ProctoringAction, TimelineInterval } from './model/types';
