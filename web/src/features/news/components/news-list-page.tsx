import { Anchor, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page-heading';
import { newsListQuery } from '../api';
import { useNewsText } from '../i18n/news-text';
import { isEditorArea, useAreaBase } from './area-base';
import { NewsBadges } from './news-badges';

/** The school's news, the main item first; the manager sees drafts and unlisted items too and adds news. */
export function NewsListPage() {
  const t = useNewsText();
  const format = useFormat();
  const base = useAreaBase();
  const editor = isEditorArea(base);
  const { data: items, isPending } = useQuery(newsListQuery());
  return (
    <>
      <PageHeading
        title={t('title')}
        toolbar={[{ key: 'create', label: t('create'), to: `${base}/news/create`, visible: editor }]}
      />
      {isPending ? (
        <Stack>
          <Skeleton height={90} />
          <Skeleton height={90} />
        </Stack>
      ) : !items?.length ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack gap="md" data-testid="news-list">
          {items.map((item) => (
            <Paper key={item.id} withBorder radius="md" p="md" component="article" data-testid="news-item">
              <Stack gap={6}>
                {item.image ? <Image src={item.image} alt="" mah={180} fit="cover" radius="sm" /> : null}
                <Title order={2} fz="lg">
                  <Anchor component={Link} to={`${base}/news/${item.id}`} inherit>
                    {item.title}
                  </Anchor>
                </Title>
                <Text size="xs" c="dimmed">
                  {format.dateTime(item.created_at)}
                </Text>
                <NewsBadges item={item} />
                {item.announce ? <Text>{item.announce}</Text> : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
