import type { ContextServices } from '../../platform/context';
import { webinarChatId } from '../chat/ids';
import { withTables } from '../../platform/read-models/database';
import { headcountOf, namesOf, participantsOf, peopleOf, type WebinarRole } from './access';
import { chooseTransport, type WebinarTransport } from './transport';
import type { WebinarRow, WebinarsTables } from './read-model/tables';

// pg parses timestamptz into Date; a string (from a raw query) passes through unchanged.
const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

/** The webinar servers' table (contexts/infrastructure): their options carry the ICE servers. */
const SERVERS_TABLE = 'infrastructure_webinar_servers';

/** Mesh or SFU for this webinar (transport.ts); the server record's type is passed when already read. */
export async function transportOf(
  services: Pick<ContextServices, 'db'>,
  row: WebinarRow,
  serverType?: string | null,
  headcount?: number,
): Promise<WebinarTransport> {
  const known = serverType !== undefined ? serverType : await serverTypeOf(services, row);
  return chooseTransport({
    requested: row.type,
    serverType: known,
    headcount: headcount ?? (await headcountOf(services, row)),
  });
}

async function serverTypeOf(services: Pick<ContextServices, 'db'>, row: WebinarRow): Promise<string | null> {
  if (typeof row.webinar_server_id !== 'string') return null;
  const found = await withTables<WebinarsTables>(services.db)
    .selectFrom(SERVERS_TABLE)
    .select('type')
    .where('id', '=', row.webinar_server_id)
    .where('school_id', '=', row.school_id as string)
    .where('deleted', '=', false)
    .executeTakeFirst()
    .catch(() => undefined);
  return typeof found?.type === 'string' ? found.type : null;
}

/**
 * A webinar as the API answers it (001 §3). `room` is the realtime channel's id; `ice_servers` come
 * from the webinar's server in the school's configuration (none: a loopback or LAN call needs none);
 * `is_moderator` says whether the caller may end it. `type` is how its video travels, `mesh` or `sfu`
 * (transport.ts): what the webinar asked for, raised to `sfu` by its server record or its headcount.
 */
export async function webinarEntity(
  services: Pick<ContextServices, 'db'>,
  row: WebinarRow,
  role: WebinarRole,
  options: { named?: boolean } = {},
): Promise<Record<string, unknown>> {
  let server: Record<string, unknown> | null = null;
  let iceServers: unknown[] = [];
  if (typeof row.webinar_server_id === 'string') {
    const found = await withTables<WebinarsTables>(services.db)
      .selectFrom(SERVERS_TABLE)
      .selectAll()
      .where('id', '=', row.webinar_server_id)
      .where('school_id', '=', row.school_id as string)
      .where('deleted', '=', false)
      .executeTakeFirst()
      .catch(() => undefined);
    if (found) {
      const options = (typeof found.options === 'string' ? JSON.parse(found.options) : found.options) as {
        alternate_host?: string | null;
        ice_servers?: unknown[];
      } | null;
      iceServers = options?.ice_servers ?? [];
      server = {
        id: found.id,
        provider: found.provider,
        type: found.type,
        host: found.host,
        options: { alternate_host: options?.alternate_host ?? null },
      };
    }
  }
  // Who may join decides the transport and, for one webinar's answer (`named`), names the call's tiles.
  const people = await peopleOf(services, row);
  const type = await transportOf(
    services,
    row,
    typeof server?.type === 'string' ? server.type : null,
    people.size,
  );
  return {
    id: row.id,
    owner_id: row.owner_id,
    class_id: row.class_id,
    assignment_id: row.assignment_id,
    webinar_server_id: row.webinar_server_id,
    // Every webinar has its chat, whose id derives from the webinar (docs/chat.md), whatever was stored.
    chat_id: webinarChatId(String(row.id)),
    type,
    room: `webinar.${String(row.id)}`,
    status: row.status,
    name: row.name,
    description: row.description,
    // The signalling needs no token of its own: the socket's session and the channel's rule admit people.
    token: null,
    is_moderator: role === 'moderator',
    server,
    ice_servers: iceServers,
    participants: participantsOf(row),
    ...(options.named ? { people: await namesOf(services, row, people) } : {}),
    ended_at: iso(row.ended_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
