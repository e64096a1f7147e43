import { z } from 'zod';

/** Column titles a school's table may use (Russian or English, any case) and the fields they fill. */
const COLUMNS: Record<string, StudentField> = {
  фамилия: 'lastname',
  lastname: 'lastname',
  last_name: 'lastname',
  имя: 'firstname',
  firstname: 'firstname',
  first_name: 'firstname',
  отчество: 'patronymic',
  patronymic: 'patronymic',
  логин: 'username',
  username: 'username',
  login: 'username',
  пароль: 'password',
  password: 'password',
  'e-mail': 'email',
  email: 'email',
  почта: 'email',
  телефон: 'phone',
  phone: 'phone',
};
type StudentField = 'lastname' | 'firstname' | 'patronymic' | 'username' | 'password' | 'email' | 'phone';

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

/** Which column holds which field; fails when the names are missing. */
export function columnsOf(header: readonly string[]): Map<StudentField, number> {
  const found = new Map<StudentField, number>();
  header.forEach((title, index) => {
    const field = COLUMNS[title.trim().toLowerCase()];
    if (field && !found.has(field)) found.set(field, index);
  });
  const missing = [
    ['lastname', 'Фамилия'],
    ['firstname', 'Имя'],
  ].filter(([field]) => !found.has(field as StudentField));
  if (missing.length) throw new Error(`В файле нет столбцов: ${missing.map(([, t]) => t).join(', ')}`);
  return found;
}

/** A line of the file as a student, or the reasons it is not one. */
export function studentOf(
  cells: readonly string[],
  columns: Map<StudentField, number>,
): { student: ImportedStudent } | { errors: string[] } {
  const raw = Object.fromEntries([...columns].map(([field, index]) => [field, cells[index] ?? '']));
  const parsed = importedStudent.safeParse(raw);
  if (parsed.success) return { student: parsed.data };
  return { errors: parsed.error.issues.map((issue) => issue.message) };
}
