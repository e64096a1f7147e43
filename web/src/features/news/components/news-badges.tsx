import { Badge, Group } from '@mantine/core';
import type { NewsItem } from '../api';
import { useNewsText } from '../i18n/news-text';

/** Categories, and the marks an editor needs (main, unlisted, draft). */
export function NewsBadges({ item }: { item: NewsItem }) {
  const t = useNewsText();
  return (
    <Group gap={6}>
      {item.is_main ? <Badge color="orange">{t('main')}</Badge> : null}
      {item.status === 'draft' ? <Badge color="gray">{t('draft')}</Badge> : null}
      {item.is_unlisted ? (
        <Badge color="grape" variant="light">
          {t('unlisted')}
        </Badge>
      ) : null}
      {item.categories.map((category) => (
        <Badge key={category} variant="light">
          {category}
        </Badge>
      ))}
    </Group>
  );
}
