import type { AssignmentLaunchCodeTarget } from '@sabaq/events';
import { api } from '../../shared/api';

/** Where a quick-start code leads the signed-in caller (404 unknown or revoked; 429 too many misses). */
export async function resolveLaunchCode(code: string): Promise<AssignmentLaunchCodeTarget> {
  return (
    await api.get<{ entity: AssignmentLaunchCodeTarget }>(
      `/api/assignment-links/code/${encodeURIComponent(code)}`,
    )
  ).entity;
}
