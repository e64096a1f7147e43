export { ChallengeModal } from './components/challenge-modal';
export { fetchPendingChallenges, CHALLENGE_ORDER } from './api';
