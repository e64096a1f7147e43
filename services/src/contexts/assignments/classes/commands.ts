import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import { decideAndAppend } from '../append';
import { classStream } from '../ids';
import { classDecider, type ClassCommand } from './class-decider';

/** The record API's create, update and delete of a class: the class decider on `class-<id>`. */
export const classHandler: RecordCommandHandler = async (services, command, caller) => {
  const full: ClassCommand =
    command.type === 'create'
      ? { ...command, creator: { userId: caller.userId, group: caller.group } }
      : command;
  await decideAndAppend(services, classStream(command.id), classDecider, full, {
    // Each edit is decided once: an edit that lost a race is a 409, never a silent overwrite.
    commandKey: `${command.type}:${services.newId()}`,
    caller,
    attempts: command.type === 'delete' ? 5 : 1,
  });
};
