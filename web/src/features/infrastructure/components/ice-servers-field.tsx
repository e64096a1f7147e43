import { ActionIcon, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../shared/ui/icons';
import { patchRow, withoutRow } from '../../../shared/ui/row-list-editor';
import { errorUnder, type IceRow } from '../model';

/** A server's ICE servers, a row each: addresses, username, credential; the hints on the first row only. */
export function IceServersField({
  rows,
  errors,
  onChange,
}: {
  rows: IceRow[];
  errors: Record<string, string>;
  onChange: (rows: IceRow[]) => void;
}) {
  const { t } = useTranslation();
  const label = (key: string) =>
    t(`infrastructure.servers.fields.${key}` as 'infrastructure.servers.fields.name');
  const setRow = (index: number, patch: Partial<IceRow>) => onChange(patchRow(rows, index, patch));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label('iceServers')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('infrastructure.servers.noIce')}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" wrap="nowrap" gap="xs" data-testid="ice-row">
          <TextInput
            style={{ flex: 3 }}
            name={`ice_servers.${index}.urls`}
            label={label('iceUrls')}
            description={index === 0 ? label('iceUrlsHint') : undefined}
            value={row.urls}
            error={errorUnder(errors, `options.ice_servers.${index}`)}
            onChange={(e) => setRow(index, { urls: e.currentTarget.value })}
          />
          <TextInput
            style={{ flex: 1 }}
            name={`ice_servers.${index}.username`}
            label={label('username')}
            description={index === 0 ? ' ' : undefined}
            value={row.username}
            onChange={(e) => setRow(index, { username: e.currentTarget.value })}
          />
          <PasswordInput
            style={{ flex: 1 }}
            name={`ice_servers.${index}.credential`}
            label={label('credential')}
            description={index === 0 ? ' ' : undefined}
            value={row.credential}
            onChange={(e) => setRow(index, { credential: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={index === 0 ? 46 : 26}
            aria-label={t('common.delete')}
            onClick={() => onChange(withoutRow(rows, index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...rows, { urls: '', username: '', credential: '' }])}
        >
          {t('infrastructure.servers.addIce')}
        </Button>
      </Group>
    </Stack>
  );
}
