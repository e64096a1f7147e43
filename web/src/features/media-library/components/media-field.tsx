import { Button, Group, Image, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { mediaApi } from '../api';
import { toStored, type PickableKind, type PickedMedia } from '../picker-model';
import { MediaPicker } from './media-picker';

/**
 * A form's file field: what is chosen now (a picture when it is an image), and the buttons that open
 * the media picker or clear the choice. The value is whatever the form stores (a URL); the picker's
 * whole answer goes to `onChange`, so a form may keep the id too. A chosen file is shared first and its
 * `src` is then its lasting address (`/api/media/s/{token}`), which others of the school can open for as
 * long as the file exists; values stored before (any URL) are shown as they are.
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
  const [sharing, setSharing] = useState(false);
  const choose = async (media: PickedMedia) => {
    setOpened(false);
    setSharing(true);
    try {
      onChange(toStored(media, (await mediaApi.share(media.id)).entity));
    } catch (error) {
      // Nothing is stored that would stop showing in an hour: the previous value stays.
      showErrorToast(error);
    } finally {
      setSharing(false);
    }
  };
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
        <Button variant="light" size="xs" loading={sharing} onClick={() => setOpened(true)}>
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
        onSelect={(media) => void choose(media)}
      />
    </Input.Wrapper>
  );
}
