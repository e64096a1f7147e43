import {
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { changedFields, isApiError, showErrorToast } from '../../../shared/api';
import { RichTextField } from '../../../shared/rich-text';
import { notifySuccess } from '../../../shared/toasts/notify';
import { PageHeading } from '../../../shared/ui/page-heading';
import { newsApi, newsItemQuery, newsKeys, type NewsFields, type NewsItem } from '../api';
import { useNewsText } from '../i18n/news-text';
import { useAreaBase } from './area-base';

const EMPTY: NewsFields = {
  title: '',
  announce: '',
  categories: [],
  image: '',
  body: '',
  is_main: false,
  is_unlisted: false,
  status: 'published',
};

const fieldsOf = (item: NewsItem): NewsFields => ({
  title: item.title,
  announce: item.announce ?? '',
  categories: item.categories,
  image: item.image ?? '',
  body: item.body,
  is_main: item.is_main,
  is_unlisted: item.is_unlisted,
  status: item.status,
});

/** Empty optional texts travel as null, as the platform stores them. */
const toSent = (fields: NewsFields) => ({
  ...fields,
  announce: fields.announce?.trim() ? fields.announce : null,
  image: fields.image?.trim() ? fields.image.trim() : null,
});

/** The manager's news editor: a new item (no id) or an existing one. */
export function NewsEditorPage() {
  const { id } = useParams();
  const { data: item, isPending } = useQuery({ ...newsItemQuery(id ?? ''), enabled: Boolean(id) });
  if (id && isPending) return <Skeleton height={400} />;
  return <NewsForm key={item?.id ?? 'new'} item={item} />;
}

function NewsForm({ item }: { item: NewsItem | undefined }) {
  const t = useNewsText();
  const base = useAreaBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loaded = item ? fieldsOf(item) : EMPTY;
  const [fields, setFields] = useState<NewsFields>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<NewsFields>) => setFields((f) => ({ ...f, ...changes }));
  const save = useMutation({
    mutationFn: () =>
      item
        ? newsApi.update(item.id, changedFields(toSent(loaded), toSent(fields)))
        : newsApi.create(toSent(fields)),
    onSuccess: async (saved) => {
      setErrors({});
      notifySuccess(t('saved'));
      await queryClient.invalidateQueries({ queryKey: newsKeys.all });
      await navigate(`${base}/news/${saved.id}`);
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.errors).length) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])));
      } else showErrorToast(error);
    },
  });
  return (
    <Stack gap="md" maw={860}>
      <PageHeading title={item ? t('editTitle') : t('createTitle')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('fields.title')}
            required
            value={fields.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title}
          />
          <Textarea
            label={t('fields.announce')}
            description={t('fields.announceHint')}
            autosize
            minRows={2}
            value={fields.announce ?? ''}
            onChange={(e) => set({ announce: e.currentTarget.value })}
            error={errors.announce}
          />
          <TagsInput
            label={t('fields.categories')}
            description={t('fields.categoriesHint')}
            value={fields.categories}
            onChange={(categories) => set({ categories })}
            error={errors.categories}
          />
          <TextInput
            label={t('fields.image')}
            placeholder="https://"
            value={fields.image ?? ''}
            onChange={(e) => set({ image: e.currentTarget.value })}
            error={errors.image}
          />
          <RichTextField
            label={t('fields.body')}
            minRows={8}
            value={fields.body}
            onChange={(body) => set({ body })}
            error={errors.body}
            testId="news-body-editor"
          />
          <Switch
            label={t('fields.isMain')}
            checked={fields.is_main}
            onChange={(e) => set({ is_main: e.currentTarget.checked })}
          />
          <Switch
            label={t('fields.isUnlisted')}
            checked={fields.is_unlisted}
            onChange={(e) => set({ is_unlisted: e.currentTarget.checked })}
          />
          <Select
            label={t('fields.status')}
            data={(['published', 'draft'] as const).map((value) => ({
              value,
              label: t(`statuses.${value}`),
            }))}
            value={fields.status}
            allowDeselect={false}
            onChange={(value) => set({ status: value === 'draft' ? 'draft' : 'published' })}
            error={errors.status}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="news-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
