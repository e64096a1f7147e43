import { Anchor, Button, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { showErrorToast } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/rich-text';
import { notifySuccess } from '../../../shared/toasts/notify';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { PageHeading } from '../../../shared/ui/page-heading';
import { newsApi, newsItemQuery, newsKeys } from '../api';
import { useNewsText } from '../i18n/news-text';
import { isEditorArea, useAreaBase } from './area-base';
import { NewsBadges } from './news-badges';

/** One news item: its text with formulas; also how an unlisted item is read (by its link). */
export function NewsItemPage() {
  const t = useNewsText();
  const format = useFormat();
  const base = useAreaBase();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: item, isPending, isError } = useQuery({ ...newsItemQuery(id), retry: false });
  const remove = useMutation({
    mutationFn: () => newsApi.remove(id),
    onSuccess: async () => {
      notifySuccess(t('removed'));
      await queryClient.invalidateQueries({ queryKey: newsKeys.all });
      await navigate(`${base}/news`);
    },
    onError: showErrorToast,
  });
  const back = (
    <Anchor component={Link} to={`${base}/news`} size="sm">
      ← {t('back')}
    </Anchor>
  );
  if (isPending) return <Skeleton height={240} />;
  if (isError || !item) {
    return (
      <Stack>
        {back}
        <Text>{t('notFound')}</Text>
      </Stack>
    );
  }
  const editor = isEditorArea(base);
  return (
    <Stack gap="md" maw={860}>
      {back}
      <PageHeading
        title={item.title}
        description={format.dateTime(item.created_at)}
        toolbar={[
          {
            key: 'edit',
            label: t('edit'),
            to: `${base}/news/edit/${item.id}`,
            visible: editor,
            variant: 'light',
          },
        ]}
      />
      <NewsBadges item={item} />
      {item.image ? <Image src={item.image} alt="" mah={360} fit="contain" radius="sm" /> : null}
      {item.announce ? (
        <Text fw={500} fz="lg">
          {item.announce}
        </Text>
      ) : null}
      <div data-testid="news-body">
        <RichTextView html={item.body} />
      </div>
      {editor ? (
        <Group>
          <Button
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={async () => {
              const sure = await confirmAction({
                title: t('remove'),
                message: t('removeConfirm', { title: item.title }),
                danger: true,
              });
              if (sure) remove.mutate();
            }}
          >
            {t('remove')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
