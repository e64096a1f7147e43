import { z } from 'zod';

const MIN_PASSWORD = 6;

interface PasswordPair {
  new_password: string;
  new_password_confirmation: string;
}

// The generic shape hides these two fields from the compiler; the schema above guarantees them.
const samePasswords = (b: PasswordPair) => b.new_password === b.new_password_confirmation;

/** The new-password form's rules (at least 6 characters, typed twice alike) beside the flow's own fields. */
export function withNewPassword<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({
      ...shape,
      new_password: z
        .string()
        .min(MIN_PASSWORD, `Минимальная длина пароля ${MIN_PASSWORD} символов`)
        .max(1024),
      new_password_confirmation: z.string(),
    })
    .refine((b) => samePasswords(b as unknown as PasswordPair), {
      message: 'Пароли не совпадают',
      path: ['new_password_confirmation'],
    });
}
