export { useRealtime } from './use-realtime';
export { useChannel } from './use-channel';
export { useNotificationFeed, type LiveNotification } from './notification-feed';
export { realtimeUrl, type ChannelState } from './realtime-client';
