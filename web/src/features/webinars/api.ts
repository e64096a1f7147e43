import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export interface Webinar {
  id: string;
  name: string;
  description: string | null;
  status: 'scheduled' | 'finished';
  room: string;
  /** How the video travels: the browsers' mesh, or the server's SFU (docs/webinars.md). */
  type: 'mesh' | 'sfu';
  is_moderator: boolean;
  ice_servers: RTCIceServer[];
  assignment_id: string | null;
  /** Everyone who may join, named: the tiles show who is who. */
  people?: { id: string; name: string }[];
}

export const assignmentWebinarQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: ['webinars', 'assignment', assignmentId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entity: Webinar }>(
          `/api/assignments/${encodeURIComponent(assignmentId)}/webinar.json`,
          { signal },
        )
      ).entity,
    staleTime: Infinity,
  });

export const webinarsApi = {
  end: (id: string) => api.post<{ entity: Webinar }>(`/api/webinars/${encodeURIComponent(id)}/end.json`),
  /** The channel's signature for this socket (docs/realtime.md "Subscribing"). */
  channelAuth: (socketId: string, channel: string) =>
    api.post<{ auth: string }>('/broadcasting/auth', { socket_id: socketId, channel_name: channel }),
};
