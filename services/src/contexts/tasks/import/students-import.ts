import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash } from '@node-rs/argon2';
import type { StudentsImportParams, TaskFile } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError } from '../../../platform/errors';
import { ConflictError } from '../../../platform/errors';
import { normaliseUsername } from '../../identity/ids';
import { uuidV5 } from '../../../platform/ids';
import { registerUser } from '../../identity/register';
import { reservationOf, usernameStream, userStream } from '../../identity/user-decider';
import { toCsv } from '../export/write-files';
import type { JobContext } from '../task-worker';
import { readUpload } from './read-rows';
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
  const [header = [], ...lines] = await readUpload(services, params.format, params.file_key);
  let columns;
  try {
    columns = columnsOf(header, params.columns);
  } catch (error) {
    throw new DomainError((error as Error).message, 422);
  }
  if (!(await job.started(lines.length))) return undefined;
  const outcomes: Outcome[] = [];
  const every = Math.max(1, Math.min(50, Math.ceil(lines.length / 50)));
  const students = lines.map((cells, index) => studentLine(task, columns, cells, index + 2));
  // A login given twice in the file belongs to its first valid line, decided here, so lines can be
  // registered a few at a time and the same line wins however they interleave.
  const firstRowOf = new Map<string, number>();
  for (const line of students) {
    if (line.kind === 'student' && !firstRowOf.has(line.login)) firstRowOf.set(line.login, line.row);
  }
  // Lines are imported a few at a time (argon2id runs on libuv's threads, the store's round trips
  // overlap); outcomes and progress are taken in file order.
  const ahead = new Map<number, Promise<Outcome>>();
  const importFrom = (index: number) => {
    for (let i = index; i < Math.min(lines.length, index + IN_FLIGHT); i += 1) {
      if (ahead.has(i)) continue;
      const line = students[i]!;
      const duplicate = line.kind === 'student' && firstRowOf.get(line.login) !== line.row;
      const pending = importLine(services, task, line, duplicate);
      // Awaited in its turn, or settled below when the import stops early: a rejection is never unhandled.
      pending.catch(() => undefined);
      ahead.set(i, pending);
    }
  };
  let created = 0;
  try {
    for (let index = 0; index < lines.length; index += 1) {
      importFrom(index);
      const outcome = await ahead.get(index)!;
      ahead.delete(index);
      outcomes.push(outcome);
      if (outcome[1] === 'создан') created += 1;
      const processed = index + 1;
      if (processed % every === 0 || processed === lines.length) {
        const appendix = `Создано учеников: ${created}, ошибок: ${processed - created}`;
        if (!(await job.progress(processed, lines.length, appendix))) return undefined;
      }
    }
  } finally {
    // Suspended, aborted or failed: the lines under way end before the job does, so a resumed run
    // never registers a line at the same time as this one.
    await Promise.allSettled(ahead.values());
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

const takenOutcome = (row: number, fullname: string, username: string): Outcome => [
  row,
  'ошибка',
  fullname,
  username,
  '',
  'Имя пользователя уже занято',
];
/** Lines imported at once (each holds one argon2id hash at most on libuv's threads). */
const IN_FLIGHT = Math.max(2, Math.min(4, availableParallelism()));

type Student = Extract<ReturnType<typeof studentOf>, { student: unknown }>['student'];
type Line =
  | { kind: 'invalid'; outcome: Outcome }
  | {
      kind: 'student';
      row: number;
      userId: string;
      student: Student;
      fullname: string;
      username: string;
      /** The username as identity compares them. */
      login: string;
    };

/** One line read: its student, with the user id derived from the task and the line, or its errors. */
function studentLine(
  task: { id: string },
  columns: ReturnType<typeof columnsOf>,
  cells: string[],
  row: number,
): Line {
  const userId = uuidV5(`students-import:${task.id}:${row}`);
  const parsed = studentOf(cells, columns);
  if ('errors' in parsed) {
    return {
      kind: 'invalid',
      outcome: [row, 'ошибка', cells.join(' ').slice(0, 200), '', '', parsed.errors.join('; ')],
    };
  }
  const s = parsed.student;
  const fullname = [s.lastname, s.firstname, s.patronymic].filter(Boolean).join(' ');
  const username = s.username ?? `student.${userId.slice(0, 8)}`;
  return { kind: 'student', row, userId, student: s, fullname, username, login: normaliseUsername(username) };
}

/**
 * One line imported. A line made before a suspension is found by its derived user id; a login taken
 * by someone else, or by an earlier line of the file, is reported without hashing a password.
 */
async function importLine(
  services: Pick<ContextServices, 'store' | 'clock'>,
  task: { schoolId: string },
  line: Line,
  duplicate: boolean,
): Promise<Outcome> {
  if (line.kind === 'invalid') return line.outcome;
  const { row, userId, student: s, fullname, username } = line;
  if ((await services.store.streamVersion(userStream(userId))) >= 0) {
    return [row, 'создан', fullname, username, '', 'до приостановки'];
  }
  if (duplicate) return takenOutcome(row, fullname, username);
  const owner = reservationOf(await services.store.readStream(usernameStream(line.login)));
  if (owner !== undefined && owner !== userId) return takenOutcome(row, fullname, username);
  const password = s.password ?? madeUpPassword();
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
      passwordHash: await hash(password),
      registeredAt: services.clock().toISOString(),
    });
  } catch (error) {
    // Taken by someone else between the look and the registration.
    if (error instanceof ConflictError) return takenOutcome(row, fullname, username);
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
