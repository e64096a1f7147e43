import { Button, Group, Image, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickableKind, PickedMedia } from '../picker-model';
import { MediaPicker } from './media-picker';

/**
 * A form's file field: what is chosen now (a picture when it is an image), and the buttons that open
 * the media picker or clear the choice. The value is whatever the form stores (a URL); the picker's
 * whole answer goes to `onChange`, so a form may keep the id too.
 */
export function MediaField({
  label,
  value,
  onChange,
  kinds,
  error,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (media: PickedMedia | null) => void;
  kinds: readonly PickableKind[];
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Input.Wrapper label={label} error={error} data-testid={testId}>
      <Group gap="sm" mt={4} align="center">
        {value && kinds.includes('image') ? (
          <Image src={value} alt="" w={96} h={64} fit="cover" radius="sm" data-testid="media-field-preview" />
        ) : value ? (
          <Text size="sm" lineClamp={1} maw={260}>
            {value}
          </Text>
        ) : null}
        <Button variant="light" size="xs" onClick={() => setOpened(true)}>
          {t('media.picker.choose')}
        </Button>
        {value ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t('media.picker.clear')}
          </Button>
        ) : null}
      </Group>
      <MediaPicker
        opened={opened}
        kinds={kinds}
        onClose={() => setOpened(false)}
        onSelect={(media) => {
          setOpened(false);
          onChange(media);
        }}
      />
    </Input.Wrapper>
  );
}
