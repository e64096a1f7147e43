import { Avatar, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedLogout, useCurrentUser } from '../../../shared/session';
import { SCHOOLS_QUERY_KEY, schoolsApi } from '../api';
import { AttachSchoolModal } from './attach-school-modal';
import classes from './school-tile.module.css';

/**
 * School selection (001 §2): tiles three to a row (one under 768 px), Ready disabled until a school is
 * chosen; Ready sends the choice and reloads the page. When a choice is required the modal cannot be
 * closed and offers Exit (sign out) instead of Cancel.
 */
export function SchoolSelectModal({
  opened,
  required,
  onClose,
}: {
  opened: boolean;
  required: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [chosen, setChosen] = useState<string | null>(null);
  const [attaching, setAttaching] = useState(false);
  const schools = useQuery({
    queryKey: SCHOOLS_QUERY_KEY,
    queryFn: ({ signal }) => schoolsApi.list(signal),
    enabled: opened,
  });
  const select = useMutation({
    mutationFn: (schoolId: string) => schoolsApi.select(schoolId),
    // The whole app reads the school from the session: start it afresh in the new school.
    onSuccess: () => window.location.reload(),
  });

  const exit = useConfirmedLogout();

  const list = schools.data ?? [];
  return (
    <>
      <Modal
        opened={opened && !attaching}
        onClose={() => (required ? undefined : onClose?.())}
        withCloseButton={!required}
        closeOnEscape={!required}
        closeOnClickOutside={!required}
        title={t('schools.select.title')}
        size="xl"
        centered
      >
        <Stack gap="md">
          {/* Several schools ask for a choice; one school is not "several" (an empty list says so below). */}
          {list.length > 0 ? (
            <Text c="dimmed" data-testid="school-select-description">
              {t(list.length === 1 ? 'schools.select.descriptionOne' : 'schools.select.description')}
            </Text>
          ) : null}
          <SimpleGrid
            cols={{ base: 1, sm: 3 }}
            spacing="md"
            role="radiogroup"
            aria-label={t('schools.select.title')}
          >
            {schools.isPending
              ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={120} radius="md" />)
              : list.map((school) => (
                  <button
                    key={school.id}
                    type="button"
                    role="radio"
                    aria-checked={chosen === school.id}
                    className={classes.tile}
                    data-testid="school-tile"
                    onClick={() => setChosen(school.id)}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={school.logo ?? null} color={school.color ?? 'blue'} radius="md" alt="">
                        {school.name.charAt(0)}
                      </Avatar>
                      <Text fw={600} lineClamp={2}>
                        {school.name}
                      </Text>
                    </Group>
                    {school.id === user?.school_id ? (
                      <Text size="xs" c="blue" fw={600}>
                        {t('schools.select.current')}
                      </Text>
                    ) : null}
                    {school.short_description ? (
                      <Text size="sm" c="dimmed" lineClamp={3}>
                        {school.short_description}
                      </Text>
                    ) : null}
                  </button>
                ))}
          </SimpleGrid>
          {schools.isSuccess && list.length === 0 ? <Text>{t('schools.select.none')}</Text> : null}
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" onClick={() => setAttaching(true)}>
              {list.length === 0 && schools.isSuccess
                ? t('schools.select.signUp')
                : t('schools.select.attach')}
            </Button>
            <Group gap="xs">
              {required ? (
                <Button variant="default" onClick={exit}>
                  {t('common.exit')}
                </Button>
              ) : (
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button
                disabled={!chosen}
                loading={select.isPending}
                onClick={() => chosen && select.mutate(chosen)}
                data-testid="school-ready"
              >
                {t('common.ready')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      <AttachSchoolModal opened={opened && attaching} onClose={() => setAttaching(false)} />
    </>
  );
}
