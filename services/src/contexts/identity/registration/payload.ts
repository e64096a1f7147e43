import { z } from 'zod';

const text = (max: number) => z.string({ error: 'Ожидается строка' }).max(max, `Не более ${max} символов`);

/**
 * The specification's Register payload. Every field is optional here: what is missing or wrong is
 * reported per field, all at once and in Russian, by `checkRegistration`, as the form shows it.
 */
export const registerPayload = z.object({
  invite_code: text(64).optional(),
  firstname: text(255).optional(),
  lastname: text(255).optional(),
  patronymic: text(255).nullable().optional(),
  phone: text(32).nullable().optional(),
  email: text(255).nullable().optional(),
  password: z.string({ error: 'Ожидается строка' }).max(1024, 'Не более 1024 символов').optional(),
  // The form's switch; a form post sends it as text.
  agree: z
    .union([z.boolean(), z.number(), z.string().max(8)])
    .nullable()
    .optional(),
  // Accepted so the web client's payload validates; checking it needs the captcha provider's key.
  recaptcha_token: z.string().max(4096).nullable().optional(),
});

export type RegisterPayload = z.infer<typeof registerPayload>;

export function agreed(value: RegisterPayload['agree']): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}
