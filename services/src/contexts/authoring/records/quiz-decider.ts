import { componentContentSchema, type QuizComponentFields, type QuizFields } from '@sabaq/events';
import { DomainError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Errors } from './record-rules';

/**
 * A quiz and its components, one stream: the editor saves them together. A save with a components
 * list makes the quiz's components exactly that list: listed ids are edited, entries without an id are
 * added under the ids the handler drew for them, and components left out are removed.
 */
export interface ComponentInput {
  id: string;
  /** True for an entry the editor sent without an id (its id was drawn for this save). */
  isNew: boolean;
  fields: Partial<QuizComponentFields>;
}

export type QuizCommand =
  | { type: 'create'; id: string; data: QuizFields; components: ComponentInput[] }
  | { type: 'update'; id: string; changes: Partial<QuizFields>; components?: ComponentInput[] }
  | { type: 'delete'; id: string }
  /** Questions appended after the quiz's own (an import): ids the quiz already has are skipped. */
  | {
      type: 'add-components';
      id: string;
      components: { id: string; fields: Partial<QuizComponentFields> }[];
    };

export type QuizEvent =
  | { type: 'QuizCreated'; data: QuizFields & { id: string } }
  | { type: 'QuizUpdated'; data: { id: string; changes: Partial<QuizFields> } }
  | { type: 'QuizDeleted'; data: { id: string } }
  | { type: 'QuizComponentAdded'; data: QuizComponentFields & { id: string; quiz_id: string } }
  | {
      type: 'QuizComponentUpdated';
      data: { id: string; quiz_id: string; changes: Partial<QuizComponentFields> };
    }
  | { type: 'QuizComponentRemoved'; data: { id: string; quiz_id: string } };

export type QuizState =
  | { status: 'absent' }
  | { status: 'deleted' }
  | { status: 'live'; quiz: QuizFields; components: Map<string, QuizComponentFields> };

export const quizStream = (quizId: string) => `quiz-${quizId}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A component as it will be stored: the defaults of a new one under the sent fields, checked by type. */
function normalise(
  fields: Partial<QuizComponentFields>,
  index: number,
  errors: Errors,
): QuizComponentFields | undefined {
  const record = {
    component_id: null,
    position: index,
    settings: {},
    temporary_id: null,
    ...fields,
  } as QuizComponentFields;
  const parsed = componentContentSchema.safeParse({
    component_type: record.component_type,
    data: record.data,
    settings: record.settings,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      (errors[['components', index, ...issue.path].join('.')] ??= []).push(issue.message);
    }
    return undefined;
  }
  return { ...record, ...parsed.data } as QuizComponentFields;
}

function componentEvents(
  quizId: string,
  current: Map<string, QuizComponentFields>,
  inputs: ComponentInput[],
): QuizEvent[] {
  const errors: Errors = {};
  const events: QuizEvent[] = [];
  const kept = new Set<string>();
  inputs.forEach((input, index) => {
    const existing = current.get(input.id);
    if (!input.isNew && !existing) {
      errors[`components.${index}.id`] = ['Вопрос не найден в этом тесте'];
      return;
    }
    if (kept.has(input.id)) {
      errors[`components.${index}.id`] = ['Вопрос указан дважды'];
      return;
    }
    kept.add(input.id);
    // An edited component keeps what the editor did not send; the list's order is the position
    // unless one is sent.
    const fields = { ...(existing ?? {}), position: index, ...defined(input.fields) };
    const component = normalise(fields, index, errors);
    if (!component) return;
    if (!existing) {
      events.push({ type: 'QuizComponentAdded', data: { ...component, id: input.id, quiz_id: quizId } });
      return;
    }
    const changes = Object.fromEntries(
      Object.entries(component).filter(
        ([key, value]) => !same(value, existing[key as keyof QuizComponentFields]),
      ),
    );
    if (Object.keys(changes).length) {
      events.push({ type: 'QuizComponentUpdated', data: { id: input.id, quiz_id: quizId, changes } });
    }
  });
  if (Object.keys(errors).length) throw new ValidationError('The given data was invalid.', errors);
  for (const id of current.keys()) {
    if (!kept.has(id)) events.push({ type: 'QuizComponentRemoved', data: { id, quiz_id: quizId } });
  }
  return events;
}

export const quizDecider = {
  initialState: { status: 'absent' } as QuizState,

  decide(command: QuizCommand, state: QuizState): QuizEvent[] {
    switch (command.type) {
      case 'create': {
        if (state.status !== 'absent') throw new DomainError(`Quiz ${command.id} already exists`, 409);
        return [
          { type: 'QuizCreated', data: { ...command.data, id: command.id } },
          ...componentEvents(command.id, new Map(), command.components),
        ];
      }
      case 'update': {
        if (state.status !== 'live') throw new NotFoundError('Тест не найден');
        const changes = Object.fromEntries(
          Object.entries(defined(command.changes)).filter(
            ([key, value]) => !same(value, state.quiz[key as keyof QuizFields]),
          ),
        );
        const events: QuizEvent[] = Object.keys(changes).length
          ? [{ type: 'QuizUpdated', data: { id: command.id, changes } }]
          : [];
        if (command.components)
          events.push(...componentEvents(command.id, state.components, command.components));
        return events;
      }
      case 'delete':
        if (state.status !== 'live') throw new NotFoundError('Тест не найден');
        return [{ type: 'QuizDeleted', data: { id: command.id } }];
      case 'add-components': {
        if (state.status !== 'live') throw new NotFoundError('Тест не найден');
        const errors: Errors = {};
        const fresh = command.components.filter((c) => !state.components.has(c.id));
        const events: QuizEvent[] = [];
        fresh.forEach((input, index) => {
          const position = state.components.size + index;
          const component = normalise({ ...input.fields, position }, index, errors);
          if (component) {
            events.push({
              type: 'QuizComponentAdded',
              data: { ...component, id: input.id, quiz_id: command.id },
            });
          }
        });
        // All or nothing: one bad question adds none of the command's.
        if (Object.keys(errors).length) throw new ValidationError('The given data was invalid.', errors);
        return events;
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state: QuizState, event: QuizEvent): QuizState {
    switch (event.type) {
      case 'QuizCreated': {
        const { id: _id, ...quiz } = event.data;
        return { status: 'live', quiz, components: new Map() };
      }
      case 'QuizDeleted':
        return { status: 'deleted' };
      default:
        break;
    }
    if (state.status !== 'live') return state;
    const components = new Map(state.components);
    switch (event.type) {
      case 'QuizUpdated':
        return { ...state, quiz: { ...state.quiz, ...event.data.changes } };
      case 'QuizComponentAdded': {
        const { id, quiz_id: _quiz, ...fields } = event.data;
        components.set(id, fields);
        return { ...state, components };
      }
      case 'QuizComponentUpdated': {
        const existing = components.get(event.data.id);
        if (existing) components.set(event.data.id, { ...existing, ...event.data.changes });
        return { ...state, components };
      }
      case 'QuizComponentRemoved':
        components.delete(event.data.id);
        return { ...state, components };
      default:
        return state;
    }
  },
};
