import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A server's or storage's form state: the fields, one setter, the labels of `infrastructure.{texts}.fields`,
 * and a text input's name, value, server error and change handler by field.
 */
export function useInfrastructureForm<F>(
  initial: F,
  errors: Record<string, string>,
  texts: 'servers' | 'storages',
) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof F>(key: K, value: F[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const label = (key: string) =>
    t(`infrastructure.${texts}.fields.${key}` as 'infrastructure.servers.fields.name');
  const textOf = <K extends keyof F & string>(key: K) => ({
    name: key,
    value: fields[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, e.currentTarget.value as F[K]),
  });
  return { fields, set, label, textOf };
}
