import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { clampPage } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { templateKeys, templatesApi, templatesPageQuery } from '../api';
import type { CertificateTemplate } from '../template-model';

/** Where the editor of a template lives (ours: the specification names no certificate routes). */
export const templateEditPath = (id: string) => `/t/certificates/edit/${encodeURIComponent(id)}`;

/** /t/certificates: the school's certificate templates, 25 a page, each opening in the editor. */
export function TemplatesListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(templatesPageQuery(requested));
  const remove = useMutation({
    mutationFn: (template: CertificateTemplate) => templatesApi.remove(template.id),
    onSuccess: () => {
      notifySuccess(t('certificates.templates.removed'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  const askRemove = (template: CertificateTemplate) =>
    void confirmAction({
      title: t('certificates.templates.remove'),
      message: t('certificates.templates.removeConfirm', { name: template.name }),
      danger: true,
    }).then((ok) => ok && remove.mutate(template));
  const columns: Column<CertificateTemplate>[] = [
    {
      key: 'name',
      header: t('certificates.editor.name'),
      render: (c) => (
        <Anchor component={Link} to={templateEditPath(c.id)} fw={500}>
          {c.name}
        </Anchor>
      ),
    },
    { key: 'prefix', header: t('certificates.templates.prefix'), render: (c) => c.serial_number || '—' },
    { key: 'issued', header: t('certificates.templates.issued'), render: (c) => c.serial_counter },
    {
      key: 'elements',
      header: t('certificates.templates.elements'),
      wide: true,
      render: (c) => c.elements.length,
    },
    {
      key: 'actions',
      header: '',
      render: (c) => (
        <Group justify="flex-end" gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={templateEditPath(c.id)}>
            {t('certificates.templates.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => askRemove(c)}
            aria-label={`${t('certificates.templates.remove')}: ${c.name}`}
          >
            {t('certificates.templates.remove')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('certificates.templates.title')}
        description={
          list.data
            ? t('certificates.templates.total', { count: list.data.total })
            : t('certificates.templates.description')
        }
        toolbar={[
          {
            key: 'create',
            label: t('certificates.templates.create'),
            icon: <IconPlus size={16} />,
            to: '/t/certificates/create',
          },
        ]}
      />
      <PagedTable
        label={t('certificates.templates.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isPending}
        page={list.data?.current_page ?? 1}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('certificates.templates.empty')}
      />
    </Stack>
  );
}
