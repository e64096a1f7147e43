import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash } from '@node-rs/argon2';
import type { StudentsImportParams, TaskFile } from '@sabaq/events';
import type { ContextServices } from '../..';
import { DomainError } from '../../../platform/errors';
import { ConflictError } from '../../identity/errors';
import { normaliseUsername, uuidV5 } from '../../identity/ids';
import { registerUser } from '../../identity/register';
import { reservationOf, usernameStream, userStream } from '../../identity/user-decider';
import { toCsv } from '../export/write-files';
import type { JobContext } from '../task-worker';
import { readRows } from './read-rows';
import { columnsOf, studentOf } from './student-rows';

type Outcome = [
  row: number,
  status: string,
  fullname: string,
  username: string,
  password: string,
  note: string,
];

/**
 * Students from an uploaded table (specification 001 §1 "bulk import of students from xls or csv"),
 * registered in the task owner's school through identity's registration. Each line's user id is
 * derived from the task and the line, so a resumed import (it runs again from the first line) finds
 * the students it already made and skips them; nothing is made twice. The task's file is a report: a
 * line per row with what happened, and the passwords the platform made up for rows without one.
 */
export async function importStudents(
  services: Pick<ContextServices, 'store' | 'objects' | 'clock'>,
  task: { id: string; schoolId: string },
  params: StudentsImportParams,
  job: JobContext,
): Promise<TaskFile | undefined> {
  const stream = await services.objects.get(params.file_key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [header = [], ...lines] = await readRows(params.format, Buffer.concat(chunks));
  let columns;
  try {
    columns = columnsOf(header);
  } catch (error) {
    throw new DomainError((error as Error).message, 422);
  }
  if (!(await job.started(lines.length))) return undefined;
  const outcomes: Outcome[] = [];
  const every = Math.max(1, Math.min(50, Math.ceil(lines.length / 50)));
  // Lines are prepared (checked, password hashed) a few ahead of the one being registered: argon2id
  // runs on libuv's threads, so the hashes of the next lines overlap; registering stays in file order.
  const ahead = new Map<number, Promise<Prepared>>();
  const prepareFrom = (index: number) => {
    for (let i = index; i < Math.min(lines.length, index + LOOK_AHEAD); i += 1) {
      if (ahead.has(i)) continue;
      const pending = prepare(services, task, columns, lines[i]!, i + 2);
      // Awaited in its turn; a suspended or failed import leaves it unawaited, which is no crash.
      pending.catch(() => undefined);
      ahead.set(i, pending);
    }
  };
  let created = 0;
  for (let index = 0; index < lines.length; index += 1) {
    prepareFrom(index);
    const prepared = await ahead.get(index)!;
    ahead.delete(index);
    const outcome = await register(services, task, prepared);
    outcomes.push(outcome);
    if (outcome[1] === 'создан') created += 1;
    const processed = index + 1;
    if (processed % every === 0 || processed === lines.length) {
      const appendix = `Создано учеников: ${created}, ошибок: ${processed - created}`;
      if (!(await job.progress(processed, lines.length, appendix))) return undefined;
    }
  }
  const report = toCsv(['Строка', 'Результат', 'ФИО', 'Логин', 'Пароль', 'Примечание'], outcomes);
  const key = `tasks/${task.id}/import-report.csv`;
  await services.objects.put(key, report, { contentType: 'text/csv; charset=utf-8', size: report.length });
  return {
    key,
    file_name: 'import-report.csv',
    content_type: 'text/csv; charset=utf-8',
    size: report.length,
  };
}

/** Lines prepared at once, ahead of the one being registered (each holds one argon2id hash at most). */
const LOOK_AHEAD = Math.max(2, Math.min(4, availableParallelism()));

type Student = Extract<ReturnType<typeof studentOf>, { student: unknown }>['student'];
type Prepared =
  | { kind: 'done'; outcome: Outcome }
  | {
      kind: 'register';
      row: number;
      userId: string;
      student: Student;
      fullname: string;
      username: string;
      password: string;
      passwordHash: string;
    };

/**
 * One line checked and, when it is to be registered, its password hashed. A line made before a
 * suspension is found by its derived user id; a login taken by someone else is found before hashing.
 */
async function prepare(
  services: Pick<ContextServices, 'store'>,
  task: { id: string },
  columns: ReturnType<typeof columnsOf>,
  cells: string[],
  row: number,
): Promise<Prepared> {
  const userId = uuidV5(`students-import:${task.id}:${row}`);
  const parsed = studentOf(cells, columns);
  if ('errors' in parsed) {
    return {
      kind: 'done',
      outcome: [row, 'ошибка', cells.join(' ').slice(0, 200), '', '', parsed.errors.join('; ')],
    };
  }
  const s = parsed.student;
  const fullname = [s.lastname, s.firstname, s.patronymic].filter(Boolean).join(' ');
  const username = s.username ?? `student.${userId.slice(0, 8)}`;
  if ((await services.store.streamVersion(userStream(userId))) >= 0) {
    return { kind: 'done', outcome: [row, 'создан', fullname, username, '', 'до приостановки'] };
  }
  const owner = reservationOf(await services.store.readStream(usernameStream(normaliseUsername(username))));
  if (owner !== undefined && owner !== userId) return taken(row, fullname, username);
  const password = s.password ?? madeUpPassword();
  const passwordHash = await hash(password);
  return { kind: 'register', row, userId, student: s, fullname, username, password, passwordHash };
}

const takenOutcome = (row: number, fullname: string, username: string): Outcome => [
  row,
  'ошибка',
  fullname,
  username,
  '',
  'Имя пользователя уже занято',
];
const taken = (row: number, fullname: string, username: string): Prepared => ({
  kind: 'done',
  outcome: takenOutcome(row, fullname, username),
});

/** Registers a prepared line; a login an earlier line of the same file took meanwhile is reported. */
async function register(
  services: Pick<ContextServices, 'store' | 'clock'>,
  task: { schoolId: string },
  prepared: Prepared,
): Promise<Outcome> {
  if (prepared.kind === 'done') return prepared.outcome;
  const { row, userId, student: s, fullname, username, password } = prepared;
  try {
    await registerUser(services.store, {
      userId,
      username,
      group: 'student',
      schoolIds: [task.schoolId],
      firstname: s.firstname,
      lastname: s.lastname,
      patronymic: s.patronymic ?? null,
      email: s.email ?? null,
      phone: s.phone ?? null,
      color: null,
      photo: null,
      passwordHash: prepared.passwordHash,
      registeredAt: services.clock().toISOString(),
    });
  } catch (error) {
    if (error instanceof ConflictError)
      return (taken(row, fullname, username) as { outcome: Outcome }).outcome;
    throw error;
  }
  return [row, 'создан', fullname, username, s.password ? '' : password, ''];
}

/**
 * A password for a line that gave none, handed to the manager in the report. Letters and digits only,
 * without look-alikes (0/O, 1/l/I): nothing a spreadsheet would take for a formula (a leading '-' is
 * defused with an apostrophe in the report, which would then show a password that does not work).
 */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function madeUpPassword(length = 10): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}
