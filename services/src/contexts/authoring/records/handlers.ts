import { streamId, type QuizComponentFields, type QuizFields } from '@sabaq/events';
import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import type { RecordState } from '../../../platform/http/records/decider';
import { appendAndShow } from './append';
import { decide, evolve, initialState, referencesToCheck, type AuthoringCommand } from './record-decider';
import type { Data, RecordRules } from './record-rules';
import { quizDecider, quizStream, type ComponentInput, type QuizEvent } from './quiz-decider';
import { resolveReferences } from './references';
import { cleanRichText } from './rich-text-fields';

/** load → look the references up → decide → append with the expected version → wait for the read model. */
export function recordHandler(rules: RecordRules): RecordCommandHandler {
  return async (services, sent, caller) => {
    const command = cleaned(rules.category, sent);
    const stream = streamId(rules.category, command.id);
    const history = await services.store.readStream(stream);
    // Why the cast: a record stream holds only this kind's Created / Updated / Deleted, whose data the
    // store checked against their object schemas; the rules read it field by field.
    const state = history.reduce<RecordState>(
      (s, e) => evolve(rules, s, { type: e.type, data: e.data as Data }),
      initialState,
    );
    const named = referencesToCheck(rules, command, state);
    const references = await resolveReferences(services.db, caller, rules.category, named);
    const full: AuthoringCommand = command.type === 'delete' ? command : { ...command, references };
    const events = decide(rules, full, state);
    await appendAndShow(services, stream, history.length - 1, events, caller);
  };
}

type SentComponent = Partial<QuizComponentFields> & { id?: string };

/** The quiz's fields and its components arrive together; entries without an id get one here. */
export const quizHandler: RecordCommandHandler = async (services, sent, caller) => {
  const command = cleaned('quiz', sent);
  const stream = quizStream(command.id);
  const history = await services.store.readStream(stream);
  const state = history.reduce(
    (s, e) => quizDecider.evolve(s, e as unknown as QuizEvent),
    quizDecider.initialState,
  );
  const inputs = (sent: unknown): ComponentInput[] | undefined =>
    Array.isArray(sent)
      ? (sent as SentComponent[]).map(({ id, ...fields }) => ({
          id: id ?? services.newId(),
          isNew: id === undefined,
          fields,
        }))
      : undefined;
  let events: QuizEvent[];
  switch (command.type) {
    case 'create': {
      const { components, ...data } = command.data;
      events = quizDecider.decide(
        { type: 'create', id: command.id, data: data as QuizFields, components: inputs(components) ?? [] },
        state,
      );
      break;
    }
    case 'update': {
      const { components, ...changes } = command.changes;
      events = quizDecider.decide(
        {
          type: 'update',
          id: command.id,
          changes: changes as Partial<QuizFields>,
          components: inputs(components),
        },
        state,
      );
      break;
    }
    case 'delete':
      events = quizDecider.decide(command, state);
      break;
  }
  await appendAndShow(services, stream, history.length - 1, events, caller);
};

type RecordCommand = Parameters<RecordCommandHandler>[1];

/** The command with its rich text sanitised (a delete carries none). */
function cleaned(category: string, command: RecordCommand): RecordCommand {
  if (command.type === 'create') return { ...command, data: cleanRichText(category, command.data) };
  if (command.type === 'update') return { ...command, changes: cleanRichText(category, command.changes) };
  return command;
}
