import { WEBINAR_MAX_PARTICIPANTS } from '@sabaq/events';

export type WebinarTransport = 'mesh' | 'sfu';

/**
 * Which way a webinar's video travels (docs/webinars.md "Which is used when"): the browsers' mesh for a
 * small group, the server's SFU when the webinar asks for it (its own `type`, or its server record's
 * `type`), or when more people may join than a mesh carries (every browser would send its camera to
 * each of the others).
 */
export function chooseTransport(input: {
  requested: string;
  serverType: string | null;
  headcount: number;
}): WebinarTransport {
  if (input.requested === 'sfu' || input.serverType === 'sfu') return 'sfu';
  return input.headcount > WEBINAR_MAX_PARTICIPANTS ? 'sfu' : 'mesh';
}
