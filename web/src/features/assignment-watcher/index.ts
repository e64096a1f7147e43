export { AssignmentWatcherPage, WaitingRoomLink } from './components/assignment-watcher-page';
