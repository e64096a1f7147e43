import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { homeNewsQuery } from '../api';
import { useNewsText } from '../i18n/news-text';
import { useAreaBase } from './area-base';

/**
 * The school's latest news on an area's home page (composed there by the app: the home feature does
 * not import this one): the main item first, then the newest, each opening the item in the reader's own
 * area. With no news, or while it loads, or when it cannot be read, the block is not shown: a home page
 * is not the place to say that a school has published nothing.
 */
export function NewsHomeBlock() {
  const t = useNewsText();
  const format = useFormat();
  const base = useAreaBase();
  const { data: items } = useQuery({ ...homeNewsQuery(), meta: { errorToast: false } });
  if (!items?.length) return null;
  return (
    <section aria-labelledby="home-news" data-testid="home-news">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="home-news">
          {t('home.title')}
        </Title>
        <Anchor component={Link} to={`${base}/news`} size="sm" data-testid="home-news-all">
          {t('home.all')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: Math.min(items.length, 3) }} spacing="md">
        {items.map((item) => (
          <Card key={item.id} withBorder padding="md" component="article" data-testid="home-news-item">
            {item.image ? (
              <Card.Section mb="sm">
                <Image src={item.image} alt="" h={120} fit="cover" />
              </Card.Section>
            ) : null}
            <Stack gap={6}>
              {item.is_main ? (
                <Badge color="orange" variant="light" w="fit-content">
                  {t('main')}
                </Badge>
              ) : null}
              <Title order={3} fz="md" lineClamp={2}>
                <Anchor component={Link} to={`${base}/news/${item.id}`} inherit>
                  {item.title}
                </Anchor>
              </Title>
              <Text size="xs" c="dimmed">
                {format.dateTime(item.created_at)}
              </Text>
              {item.announce ? (
                <Text size="sm" lineClamp={3}>
                  {item.announce}
                </Text>
              ) : null}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
