import type { ImportColumns } from '@sabaq/events';
import { z } from 'zod';
import { cellsOf, columnsToRead, type ImportField } from './import-columns';

/** The fields a school's table may fill, with the titles that name them (Russian or English, any case). */
export const STUDENT_FIELDS: readonly ImportField<StudentField>[] = [
  {
    field: 'lastname',
    title: 'Фамилия',
    aliases: ['lastname', 'last_name', 'last name', 'surname'],
    required: true,
  },
  {
    field: 'firstname',
    title: 'Имя',
    aliases: ['firstname', 'first_name', 'first name', 'name'],
    required: true,
  },
  { field: 'patronymic', title: 'Отчество', aliases: ['patronymic', 'middle name'], required: false },
  { field: 'username', title: 'Логин', aliases: ['username', 'login'], required: false },
  { field: 'password', title: 'Пароль', aliases: ['password'], required: false },
  { field: 'email', title: 'E-mail', aliases: ['email', 'почта', 'электронная почта'], required: false },
  { field: 'phone', title: 'Телефон', aliases: ['phone'], required: false },
];

export type StudentField =
  'lastname' | 'firstname' | 'patronymic' | 'username' | 'password' | 'email' | 'phone';

const optional = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** One student of the file, checked as the manager's create form checks one (people context). */
export const importedStudent = z.object({
  lastname: z.string().trim().min(1, 'Не указана фамилия').max(255),
  firstname: z.string().trim().min(1, 'Не указано имя').max(255),
  patronymic: optional(z.string().trim().max(255)),
  username: optional(
    z
      .string()
      .trim()
      .min(3)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, 'Логин: латинские буквы, цифры, точка, дефис или подчёркивание'),
  ),
  password: optional(z.string().min(6, 'Минимальная длина пароля 6 символов').max(1024)),
  email: optional(z.email('Неверный адрес электронной почты').max(255)),
  phone: optional(z.string().trim().max(32)),
});
export type ImportedStudent = z.infer<typeof importedStudent>;

/** Which column holds which field (the wizard's choice, else the titles'); fails when the names are missing. */
export function columnsOf(header: readonly string[], chosen?: ImportColumns): Map<StudentField, number> {
  return columnsToRead(STUDENT_FIELDS, header, chosen);
}

/** A line of the file as a student, or the reasons it is not one. */
export function studentOf(
  cells: readonly string[],
  columns: Map<StudentField, number>,
): { student: ImportedStudent } | { errors: string[] } {
  const parsed = importedStudent.safeParse(cellsOf(cells, columns));
  if (parsed.success) return { student: parsed.data };
  return { errors: parsed.error.issues.map((issue) => issue.message) };
}
