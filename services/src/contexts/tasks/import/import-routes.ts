import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  IMPORT_FORMATS,
  describedObject,
  entityAnswer,
  importColumns,
  taskObject,
  type ImportFormat,
  type TaskKind,
} from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { callerOf } from '../../../platform/http/authenticate';
import { recordId } from '../../../platform/http/records/list-query';
import { mayEditQuiz } from '../../authoring';
import { guessColumns, type ImportField } from './import-columns';
import { QUESTION_FIELDS } from './question-rows';
import { readRows } from './read-rows';
import { STUDENT_FIELDS } from './student-rows';

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Lines of the file shown under the mapping step. */
const PREVIEW_LINES = 5;

const FIELDS: Record<'students' | 'questions', readonly ImportField<string>[]> = {
  students: STUDENT_FIELDS,
  questions: QUESTION_FIELDS,
};

const UPLOAD_ANSWER =
  'The saved file: id, file_name, format, header, rows (the first lines), total, fields, columns (the guessed mapping); docs/tasks.md';

/** The wizard's start: the upload it saved first, and the mapping it showed (and the user changed). */
const startBody = z
  .object({
    upload_id: recordId,
    format: z.enum(IMPORT_FORMATS),
    file_name: z.string().trim().min(1).max(200),
    columns: importColumns.optional(),
  })
  .strict();
type StartBody = z.infer<typeof startBody>;

const uploadKey = (caller: Caller, uploadId: string, format: ImportFormat) =>
  `imports/${caller.userId}/${uploadId}.${format}`;

/**
 * The import wizards' routes (001 §5: "the object must be saved before importing"):
 * - `POST /api/imports/upload.json?kind=students|questions` (multipart `file`): keeps the file and
 *   answers its first lines with the guessed mapping of its columns;
 * - `POST /api/students/import.json`: JSON `{ upload_id, format, file_name, columns }` from the
 *   wizard, or (as before the wizard) a multipart `file` read by its titles;
 * - `POST /api/quiz/{id}/import.json`: the same JSON, questions added to the quiz.
 * Each start makes a task and answers it (201 `entity`); `create` makes it and kicks the worker.
 */
export async function importRoutes(
  app: FastifyInstance,
  services: ContextServices,
  create: (
    caller: Caller,
    task: { id?: string; kind: TaskKind; name: string; params: Record<string, unknown> },
  ) => Promise<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/imports/upload.json',
      {
        schema: {
          tags: ['tasks'],
          querystring: z.object({ kind: z.enum(['students', 'questions']) }),
          response: { 201: z.looseObject({ upload: describedObject(UPLOAD_ANSWER) }) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (caller.schoolId === null) throw new ForbiddenError('Choose a school first');
        const { format, data, fileName } = await uploadedFile(request);
        // Read before it is kept: a file that is no table is refused now, not when the task runs.
        const [header = [], ...lines] = await readRows(format, data);
        const id = services.newId();
        await services.objects.put(uploadKey(caller, id, format), data, { size: data.length });
        const fields = FIELDS[request.query.kind];
        return reply.status(201).send({
          upload: {
            id,
            file_name: fileName,
            format,
            header,
            rows: lines.slice(0, PREVIEW_LINES),
            total: lines.length,
            fields: fields.map(({ field, title, required }) => ({ field, title, required })),
            columns: Object.fromEntries(guessColumns(fields, header)),
          },
        });
      },
    );

    api.post(
      '/api/students/import.json',
      { schema: { tags: ['students'], response: { 201: entityAnswer(taskObject) } } },
      async (request, reply) => {
        const caller = callerOf(request);
        // What was sent is checked first (a 422 tells the caller nothing about schools), then the school.
        const file = request.isMultipart() ? await uploadedFile(request) : undefined;
        const start = file ? undefined : parseStart(request.body);
        // The students join the caller's chosen school; an admin of several schools chooses one first.
        if (caller.schoolId === null) throw new ForbiddenError('Choose a school first');
        // The task's own id names the file kept for it (tasks/<taskId>/), as its other files.
        const id = services.newId();
        let params: Record<string, unknown>;
        let fileName: string;
        if (file) {
          const key = `tasks/${id}/upload.${file.format}`;
          await services.objects.put(key, file.data, { size: file.data.length });
          fileName = file.fileName;
          params = { file_key: key, file_name: fileName, format: file.format };
        } else {
          const body = start as StartBody;
          params = await savedUpload(caller, body);
          fileName = body.file_name;
        }
        const entity = await create(caller, {
          id,
          kind: 'students-import',
          name: `Импорт учеников: ${fileName}`,
          params,
        });
        return reply.status(201).send({ entity });
      },
    );

    api.post(
      '/api/quiz/:id/import.json',
      {
        // The quiz is checked before the body: another school's caller learns nothing from a 422.
        preValidation: async (request: FastifyRequest) => {
          const parsed = recordId.safeParse((request.params as { id?: unknown }).id);
          if (!parsed.success || !(await mayEditQuiz(services, callerOf(request), parsed.data))) {
            throw new NotFoundError('Тест не найден');
          }
        },
        schema: {
          tags: ['quiz'],
          params: z.object({ id: recordId }),
          body: startBody,
          response: { 201: entityAnswer(describedObject('The new task (docs/tasks.md "API")')) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const params = { ...(await savedUpload(caller, request.body)), quiz_id: request.params.id };
        const entity = await create(caller, {
          kind: 'questions-import',
          name: `Импорт вопросов: ${request.body.file_name}`,
          params,
        });
        return reply.status(201).send({ entity });
      },
    );
  });

  /** The upload the wizard saved, this caller's own (its key names them), as the task's params. */
  async function savedUpload(caller: Caller, body: StartBody) {
    const key = uploadKey(caller, body.upload_id, body.format);
    if (!(await services.objects.stat(key))) {
      throw new ValidationError('Файл не найден: загрузите его снова', {
        upload_id: ['Файл не найден: загрузите его снова'],
      });
    }
    return {
      file_key: key,
      file_name: body.file_name,
      format: body.format,
      ...(body.columns ? { columns: body.columns } : {}),
    };
  }
}

function parseStart(body: unknown): StartBody {
  const parsed = startBody.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new ValidationError('The given data was invalid.', errors);
}

async function uploadedFile(request: FastifyRequest) {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file) throw new ValidationError('Выберите файл', { file: ['Выберите файл'] });
  const format = importFormatOf(file.filename);
  const data = await file.toBuffer();
  if (file.file.truncated || data.length > MAX_IMPORT_BYTES) {
    throw new ValidationError('Файл слишком большой', { file: ['Файл больше 10 МБ'] });
  }
  const fileName = file.filename.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200) || `import.${format}`;
  return { format, data, fileName };
}

/** Specification 001 §5: xls or csv only. The old binary .xls cannot be read here: save it as .xlsx. */
function importFormatOf(fileName: string): ImportFormat {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  const message =
    extension === 'xls' ? 'Сохраните файл как .xlsx или .csv' : 'Поддерживаются только файлы .csv и .xlsx';
  throw new ValidationError(message, { file: [message] });
}
