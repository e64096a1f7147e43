import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { StudentsImportParams, TaskFile } from '@sabaq/events';
import type { ContextServices } from '../..';
import { DomainError } from '../../../platform/errors';
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
  let created = 0;
  for (const [index, cells] of lines.entries()) {
    const row = index + 2; // the header is line 1
    const userId = uuidV5(`students-import:${task.id}:${row}`);
    const parsed = studentOf(cells, columns);
    if ('errors' in parsed) {
      outcomes.push([row, 'ошибка', cells.join(' ').slice(0, 200), '', '', parsed.errors.join('; ')]);
    } else {
      const s = parsed.student;
      const fullname = [s.lastname, s.firstname, s.patronymic].filter(Boolean).join(' ');
      const username = s.username ?? `student.${userId.slice(0, 8)}`;
      if ((await services.store.streamVersion(userStream(userId))) >= 0) {
        outcomes.push([row, 'создан', fullname, username, '', 'до приостановки']);
        created += 1;
      } else {
        // A taken username is found without hashing a password for nothing.
        const owner = reservationOf(
          await services.store.readStream(usernameStream(normaliseUsername(username))),
        );
        if (owner !== undefined && owner !== userId) {
          outcomes.push([row, 'ошибка', fullname, username, '', 'Имя пользователя уже занято']);
        } else {
          const password = s.password ?? madeUpPassword();
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
          outcomes.push([row, 'создан', fullname, username, s.password ? '' : password, '']);
          created += 1;
        }
      }
    }
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

/**
 * A password for a line that gave none, handed to the manager in the report. Letters and digits only,
 * without look-alikes (0/O, 1/l/I): nothing a spreadsheet would take for a formula (a leading '-' is
 * defused with an apostrophe in the report, which would then show a password that does not work).
 */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function madeUpPassword(length = 10): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}
