import { ValidationError } from '../../../platform/errors';
import {
  decideRecord,
  evolveRecord,
  initialRecordState,
  type RecordEvent,
  type RecordState,
} from '../../../platform/http/records/decider';
import type { Data, Errors, RecordRules, References } from './record-rules';

/**
 * The life of an authoring record: the record API's create / update / delete, with the kind's own
 * rules on top. Pure: the handler looks the references up and hands them in, so given/when/then tests
 * drive every rule without a database.
 */
export type AuthoringCommand =
  | { type: 'create'; id: string; data: Data; references: References }
  | { type: 'update'; id: string; changes: Data; references: References }
  | { type: 'delete'; id: string };

export const initialState: RecordState = initialRecordState;

export function evolve(rules: RecordRules, state: RecordState, event: RecordEvent): RecordState {
  return evolveRecord(state, event, rules.events);
}

/**
 * The reference fields the command must be checked against: every one a new record names, and, when
 * an edit changes any of them, every one the edited record names (so a group and its course agree).
 */
export function referencesToCheck(
  rules: RecordRules,
  command: { type: 'create'; data: Data } | { type: 'update'; changes: Data } | { type: 'delete' },
  state: RecordState,
): Record<string, string> {
  if (command.type === 'delete') return {};
  const current = state.status === 'live' ? state.data : {};
  const record = command.type === 'create' ? command.data : { ...current, ...defined(command.changes) };
  if (command.type === 'update') {
    const moved = rules.references.some(
      (r) => r.field in command.changes && command.changes[r.field] !== current[r.field],
    );
    if (!moved) return {};
  }
  const named: Record<string, string> = {};
  for (const { field } of rules.references) {
    if (typeof record[field] === 'string' && record[field]) named[field] = record[field];
  }
  return named;
}

export function decide(rules: RecordRules, command: AuthoringCommand, state: RecordState): RecordEvent[] {
  if (command.type === 'delete') return decideRecord(command, state, rules.events);
  if (command.type === 'create' && state.status !== 'absent')
    return decideRecord(command, state, rules.events);
  if (command.type === 'update' && state.status !== 'live') return decideRecord(command, state, rules.events);
  const current = state.status === 'live' ? state.data : {};
  const changes = command.type === 'update' ? defined(command.changes) : command.data;
  const record = command.type === 'create' ? command.data : { ...current, ...changes };

  const moved = Object.entries(rules.fixed ?? {}).filter(
    ([field]) => command.type === 'update' && field in changes && changes[field] !== current[field],
  );
  if (moved.length) throw invalid(Object.fromEntries(moved.map(([field, why]) => [field, [why]])));
  let checked = rules.check ? rules.check(record) : { record };
  if ('errors' in checked) throw invalid(checked.errors);
  const errors: Errors = {};
  for (const [field, id] of Object.entries(referencesToCheck(rules, command, state))) {
    const found = command.references[field];
    if (!found || found.id !== id) errors[field] = [rules.references.find((r) => r.field === field)!.message];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (rules.agree) {
    checked = rules.agree(checked.record, command.references);
    if ('errors' in checked) throw invalid(checked.errors);
  }
  const normalised = checked.record;
  if (command.type === 'create') return decideRecord({ ...command, data: normalised }, state, rules.events);
  // The edit carries the sent fields as normalised (and any the rules completed), never the others.
  const touched = Object.keys(normalised).filter(
    (key) => key in changes || JSON.stringify(normalised[key]) !== JSON.stringify(current[key]),
  );
  const normalisedChanges = Object.fromEntries(touched.map((key) => [key, normalised[key]]));
  return decideRecord({ ...command, changes: normalisedChanges }, state, rules.events);
}

function defined(changes: Data): Data {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

function invalid(errors: Errors): ValidationError {
  return new ValidationError('The given data was invalid.', errors);
}
