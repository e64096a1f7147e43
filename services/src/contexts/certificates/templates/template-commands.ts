import type { ContextServices } from '../../../platform/context';
import { WrongExpectedVersionError } from '../../../platform/errors';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { certificateEventId, templateStream } from '../ids';
import { CERTIFICATES_PROJECTION } from '../read-model/tables';
import {
  decideTemplate,
  evolveTemplate,
  initialTemplateState,
  type TemplateCommand,
  type TemplateEvent,
} from './template-decider';

type Services = Pick<ContextServices, 'store' | 'db'>;

/**
 * load → decide → append with the version decided against. Two issues racing for the same template
 * (the process manager and a teacher, or two api processes) meet at the expected version: the loser
 * decides again on the new counter, so numbers stay without gaps or duplicates. Event ids come from
 * the version and the command, so a retried append is recognised by the store and writes nothing.
 */
export async function runTemplateCommand(
  services: Services,
  templateId: string,
  command: TemplateCommand,
  options: { wait?: boolean } = {},
): Promise<TemplateEvent[]> {
  const stream = templateStream(templateId);
  for (let attempt = 1; ; attempt++) {
    const history = await services.store.readStream(stream);
    const state = history.reduce(evolveTemplate, initialTemplateState);
    const events = decideTemplate(command, state);
    if (events.length === 0) return [];
    const version = history.length - 1;
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: certificateEventId(stream, version, `${command.type}:${command.id}`, index),
          type: event.type,
          data: event.data,
          metadata: {
            occurredAt: command.at,
            ...(command.by ? { userId: command.by } : {}),
          },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      if (options.wait !== false) {
        await waitForProjections(services.db, [CERTIFICATES_PROJECTION], result.lastGlobalPosition);
      }
      return events;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 30) throw error;
      // Many issues of one template at once (a class finishing together) queue on its stream: a short
      // random pause spreads the retries so each round lets one through instead of all colliding again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 10)));
    }
  }
}
