import { Anchor, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkComponent } from '../model';
import { RichTextView } from '../../../shared/rich-text';

/** A lesson's material: text, an image, video, audio or document, or a link to outside content. */
export function ContentBlock({ component }: { component: WorkComponent }) {
  const { t } = useTranslation();
  const d = component.data;
  const caption = typeof d.caption === 'string' ? d.caption : null;
  if (component.type === 'text') return <RichTextView html={String(d.content ?? '')} />;
  if (component.type === 'embed') {
    return (
      <Stack gap={4}>
        <Anchor href={String(d.url)} target="_blank" rel="noopener noreferrer">
          {caption ?? String(d.url)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('work.content.opensOutside')}
        </Text>
      </Stack>
    );
  }
  const src = typeof d.src === 'string' ? d.src : null;
  if (!src) return <Text c="dimmed">{t('work.content.noMedia')}</Text>;
  const media =
    d.media_type === 'image' ? (
      <Image src={src} alt={caption ?? ''} maw={480} radius="sm" />
    ) : d.media_type === 'video' ? (
      <video src={src} controls style={{ maxWidth: '100%' }} aria-label={caption ?? undefined} />
    ) : d.media_type === 'audio' ? (
      <audio src={src} controls aria-label={caption ?? undefined} />
    ) : (
      <Anchor href={src} target="_blank" rel="noopener noreferrer">
        {caption ?? t('work.content.document')}
      </Anchor>
    );
  return (
    <Stack gap={4} component="figure" m={0}>
      {media}
      {caption && d.media_type !== 'document' ? (
        <Text size="sm" c="dimmed" component="figcaption">
          {caption}
        </Text>
      ) : null}
    </Stack>
  );
}
