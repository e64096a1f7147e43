import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MediaField } from '../../../media-library';
import { AuthoringRichText } from './authoring-rich-text';
import type { EditorProps } from './editor-props';

/** Material between questions: rich text (with formulas), an image, video, audio or document by link, or a web page. */
export function ContentEditor({ component, onData, errors }: EditorProps) {
  const { t } = useTranslation();
  const d = component.data;
  const caption = (
    <TextInput
      label={t('authoring.editor.caption')}
      value={String(d.caption ?? '')}
      onChange={(e) => onData({ ...d, caption: e.currentTarget.value || null })}
    />
  );
  if (component.component_type === 'text') {
    return (
      <AuthoringRichText
        label={t('authoring.editor.content')}
        description={t('authoring.editor.contentHint')}
        minRows={4}
        value={String(d.content ?? '')}
        onChange={(content) => onData({ ...d, content })}
        error={errors['data.content']}
        testId="content-text"
      />
    );
  }
  if (component.component_type === 'embed') {
    return (
      <Stack gap="sm">
        <TextInput
          label={t('authoring.editor.url')}
          type="url"
          required
          value={String(d.url ?? '')}
          onChange={(e) => onData({ ...d, url: e.currentTarget.value })}
          error={errors['data.url']}
        />
        {caption}
      </Stack>
    );
  }
  const mediaType =
    (['image', 'video', 'audio', 'document'] as const).find((k) => k === d.media_type) ?? 'image';
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('authoring.editor.mediaType')}
        data={(['image', 'video', 'audio', 'document'] as const).map((value) => ({
          value,
          label: t(`authoring.mediaTypes.${value}`),
        }))}
        value={String(d.media_type ?? 'image')}
        onChange={(e) => onData({ ...d, media_type: e.currentTarget.value })}
      />
      <MediaField
        label={t('authoring.editor.fromLibrary')}
        kinds={[mediaType]}
        value={typeof d.src === 'string' && d.media_id ? d.src : null}
        // The id is the lasting reference; the URL is what the lesson shows now.
        onChange={(media) => onData({ ...d, media_id: media?.id ?? null, src: media?.src ?? null })}
        testId="component-media-picker"
      />
      <TextInput
        label={t('authoring.editor.src')}
        required
        value={String(d.src ?? '')}
        onChange={(e) => onData({ ...d, src: e.currentTarget.value || null, media_id: null })}
        error={errors['data.src'] ?? errors['data.media_id']}
      />
      {caption}
    </Stack>
  );
}
