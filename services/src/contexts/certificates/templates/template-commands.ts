import type { ContextServices } from '../../../platform/context';
import type { Decider } from '../../../platform/commands/decider';
import { handleCommand } from '../../../platform/commands/handle-command';
import { certificateEventId, templateStream } from '../ids';
import { CERTIFICATES_PROJECTION } from '../read-model/tables';
import {
  decideTemplate,
  evolveTemplate,
  initialTemplateState,
  type TemplateCommand,
  type TemplateEvent,
  type TemplateState,
} from './template-decider';

type Services = Pick<ContextServices, 'store' | 'db'>;

/**
 * Through the platform's command handler. Two issues racing for the same template (the process manager
 * and a teacher, or two api processes) meet at the expected version: the loser decides again on the
 * new counter, so numbers stay without gaps or duplicates. Event ids come from the version and the
 * command, so a retried append is recognised by the store and writes nothing.
 */
export async function runTemplateCommand(
  services: Services,
  templateId: string,
  command: TemplateCommand,
  options: { wait?: boolean } = {},
): Promise<TemplateEvent[]> {
  const stream = templateStream(templateId);
  const { events } = await handleCommand(services.store, stream, templateDecider, command, {
    eventId: (_event, index, version) =>
      certificateEventId(stream, version, `${command.type}:${command.id}`, index),
    metadata: { occurredAt: command.at, ...(command.by ? { userId: command.by } : {}) },
    attempts: 30,
    // Many issues of one template at once (a class finishing together) queue on its stream: a short
    // random pause spreads the retries so each round lets one through instead of all colliding again.
    pauseAfterConflict: (conflicts) => Math.random() * 10 * Math.min(conflicts, 10),
    ...(options.wait === false
      ? {}
      : { waitFor: { db: services.db, projections: [CERTIFICATES_PROJECTION] } }),
  });
  return events;
}

const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  initialState: initialTemplateState,
  evolve: evolveTemplate,
  decide: decideTemplate,
};
