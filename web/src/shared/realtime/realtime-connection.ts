import { create } from 'zustand';
import type { RealtimeClient } from './realtime-client';

/**
 * The app's one realtime client while signed in (set by useRealtime), so every screen's channel
 * rides the same socket instead of opening its own.
 */
export const useRealtimeConnection = create<{ client: RealtimeClient | null }>()(() => ({ client: null }));
