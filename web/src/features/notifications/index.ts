export { NotificationsPanel } from './components/notifications-panel';
export { NotificationsBell } from './components/notifications-bell';
export type { Notification } from './model';
