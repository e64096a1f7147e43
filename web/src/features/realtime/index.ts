export { useRealtime } from './use-realtime';
export { useNotificationFeed, type LiveNotification } from './notification-feed';
export { realtimeUrl } from './realtime-client';
