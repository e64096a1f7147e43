import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useRichTextText } from './i18n/rich-text-text';

/** Web addresses and the platform's own paths: what the server's sanitiser keeps. */
export const isAllowedAddress = (value: string) =>
  /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value);

/** One address (a link's or an image's), checked before it is applied; `extra` offers another source. */
export function AddressForm({
  label,
  initial,
  onApply,
  onRemove,
  extra,
}: {
  label: string;
  initial: string;
  onApply: (address: string) => void;
  onRemove?: () => void;
  extra?: ReactNode;
}) {
  const t = useRichTextText();
  const [address, setAddress] = useState(initial);
  const valid = isAllowedAddress(address.trim());
  const apply = () => {
    if (valid) onApply(address.trim());
  };
  return (
    <Stack gap="xs" w={320}>
      <TextInput
        label={label}
        description={t('linkHint')}
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
        data-autofocus
        placeholder="https://"
      />
      <Group justify="flex-end" gap="xs">
        {onRemove ? (
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('unlink')}
          </Button>
        ) : null}
        <Button size="xs" onClick={apply} disabled={!valid}>
          {t('apply')}
        </Button>
      </Group>
      {extra}
    </Stack>
  );
}
