import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayProblem, formatDay, parseDay } from './date-field-model';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with `YYYY-MM-DD` (or '' when cleared) once the text is a day within the limits. */
  onChange: (day: string) => void;
  min?: string;
  max?: string;
};

/**
 * A day typed and shown as DD.MM.YY (specification 001), with its hints and refusals in the page's
 * language. A native `<input type=date>` follows the browser's language instead (MM/DD/YYYY in an
 * English browser on a Russian page), hence this field.
 */
export function DateField({ value, onChange, min, max, error, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatDay(value));
  const [touched, setTouched] = useState(false);
  // A value changed from outside (a preset, a reset) replaces what is typed, unless it already says it.
  useEffect(() => {
    setText((current) => (parseDay(current) === value ? current : formatDay(value)));
  }, [value]);
  const problem = dayProblem(text, { min, max });
  const shown =
    touched && problem
      ? t(`common.dateField.${problem}`, { day: formatDay(problem === 'tooEarly' ? min : max) })
      : error;
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('common.dateField.placeholder')}
      value={text}
      error={shown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const day = parseDay(next);
        if (day !== null && dayProblem(next, { min, max }) === null && day !== value) onChange(day);
      }}
      onBlur={(event) => {
        setTouched(true);
        const day = parseDay(text);
        // A complete day is shown in the one format, so 7.3.2026 reads 07.03.26 once left.
        if (day) setText(formatDay(day));
        onBlur?.(event);
      }}
    />
  );
}
