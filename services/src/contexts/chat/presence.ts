import type { PresenceView } from '../../platform/realtime/contribution';

/**
 * Who has a socket on this api instance, handed over by the realtime hub (realtime.ts) and read by the
 * routes: the participants' online dots, and whether a personal message's recipient gets a notification.
 * Kept per services object, as the routes and the realtime contribution of one server share it.
 * A process without the hub (or before it exists) sees nobody online.
 */
const views = new WeakMap<object, PresenceView>();

export function rememberPresence(services: object, view: PresenceView): void {
  views.set(services, view);
}

export function isOnline(services: object, userId: string): boolean {
  return views.get(services)?.isConnected(userId) ?? false;
}
