import { SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';

/** The field blocks the product and promo code forms share (same labels' shape, same behaviour). */

/** A required name (with its test id) and a free description. */
export function NameAndDescription(props: {
  labels: { name: string; description: string; nameHint?: string };
  name: string;
  description: string;
  errors: Record<string, string | undefined>;
  nameTestId: string;
  onChange: (change: { name?: string; description?: string }) => void;
}) {
  return (
    <>
      <TextInput
        label={props.labels.name}
        description={props.labels.nameHint}
        required
        value={props.name}
        onChange={(event) => props.onChange({ name: event.currentTarget.value })}
        error={props.errors.name}
        data-testid={props.nameTestId}
      />
      <Textarea
        label={props.labels.description}
        autosize
        minRows={2}
        value={props.description}
        onChange={(event) => props.onChange({ description: event.currentTarget.value })}
        error={props.errors.description}
      />
    </>
  );
}

/** A choice of a few values shown all at once (a product's status, a promo code's kind). */
export function LabelledChoice<V extends string>(props: {
  label: string;
  value: V;
  data: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <SegmentedControl
        value={props.value}
        onChange={(value) => props.onChange(value as V)}
        data={props.data}
      />
    </Stack>
  );
}

/** An ISO 4217 code, typed in capitals. */
export function CurrencyField(props: {
  label: string;
  value: string;
  error?: string;
  onChange: (currency: string) => void;
}) {
  return (
    <TextInput
      label={props.label}
      required
      maxLength={3}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value.toUpperCase())}
      error={props.error}
    />
  );
}
