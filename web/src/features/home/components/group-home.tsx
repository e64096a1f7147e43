import {
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupKey } from '../../../shared/guards/groups';
import { records } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconSchool } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { useCurrentUser } from '../../../shared/session';
import { MENU_ICONS } from '../../../shared/navigation/menu-icons';
import { menuOf } from '../../../shared/navigation/menus';

/** What each group's home counts, from the record API's paged totals. */
const COUNTED: Record<string, string[]> = {
  manager: ['students', 'teachers', 'proctors'],
  admin: ['regions', 'cities', 'students'],
  teacher: ['students'],
};

/**
 * The home page of every area (/t, /s, /m, /p, /a): a greeting, the user's school, a few real counts
 * where the group may read them, and the way to the area's sections. `news` is a slot the app fills
 * with the news feature's block (features do not import each other).
 */
export function GroupHome({ news }: { news?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  const links = menuOf(user.group)
    .flatMap((section) => section.items)
    .filter((item) => item.to && item.key !== 'home');
  return (
    <Stack gap="lg">
      <PageHeading
        title={t('home.greeting', { name: user.firstname })}
        description={t(`home.about.${homeAboutKey(user.group)}`)}
      />
      <Paper withBorder radius="md" p="lg" data-testid="home-school">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconSchool size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('home.yourSchool')}
            </Text>
            <Text fw={650} fz="lg" data-testid="home-school-name">
              {user.school?.name ?? t('shell.header.noSchool')}
            </Text>
            {user.school?.short_description ? <Text c="dimmed">{user.school.short_description}</Text> : null}
          </div>
        </Group>
      </Paper>
      <Counts collections={COUNTED[user.group] ?? []} />
      {news}
      {links.length > 0 ? (
        <section aria-labelledby="home-sections">
          <Title order={2} fz="lg" mb="sm" id="home-sections">
            {t('home.sections')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {links.map((item) => {
              const Icon = MENU_ICONS[item.icon];
              return (
                <UnstyledButton key={item.key} component={Link} to={item.to!} data-testid="home-link">
                  <Card padding="md" h="100%">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="md">
                        <Icon size={18} />
                      </ThemeIcon>
                      <Text fw={600}>{t(`shell.menu.items.${item.key}` as never)}</Text>
                    </Group>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}

function Counts({ collections }: { collections: string[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const totals = useQueries({
    queries: collections.map((collection) => ({
      queryKey: ['home', 'total', collection],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        records.page<unknown>(collection, { limit: 1 }, signal).then((page) => page.total),
    })),
  });
  if (collections.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: collections.length }} spacing="md">
      {collections.map((collection, index) => (
        <Paper
          key={collection}
          withBorder
          radius="md"
          p="lg"
          data-testid="home-count"
          data-collection={collection}
        >
          <Text size="sm" c="dimmed">
            {t(`home.counts.${collection}` as never)}
          </Text>
          {totals[index]?.data === undefined ? (
            <Skeleton height={30} width={60} mt={6} />
          ) : (
            <Text fz={30} fw={700} data-testid="home-count-value">
              {format.number(totals[index].data)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Each group's line under the greeting; a group without its own reads as the analyst's. */
function homeAboutKey(group: string) {
  const key = groupKey(group);
  return key === 'unknown' ? 'analyst' : key;
}
