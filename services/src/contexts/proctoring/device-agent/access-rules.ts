import { only, publicRoute, type RouteAccessTable } from '../../../platform/http/route-access';

/**
 * The device agent's rows: the key is public (the agent fetches it unsigned-in); the agent's own calls
 * are public at the door and authenticated by the page token inside (the agent holds no session); a
 * token goes to students (the route checks the attempt is theirs); reports to the watchers' groups.
 */
export const deviceAgentRouteAccess: RouteAccessTable = {
  'GET /api/device-agent/key.json': publicRoute,
  'POST /api/device-agent/token.json': only('student'),
  'POST /api/device-agent/reports.json': publicRoute,
  'POST /api/device-agent/conditions.json': publicRoute,
  'GET /api/device-agent/reports.json': only('proctor', 'teacher', 'manager', 'admin'),
};
