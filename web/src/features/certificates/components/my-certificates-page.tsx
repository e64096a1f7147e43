import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { myCertificatePdf, myCertificatesQuery } from '../api';
import { certificateDate, pageOf, type UserCertificate } from '../model';
import { CertificateViewer } from './certificate-viewer';
import { PdfButton } from './pdf-button';

const PAGE_SIZE = 25;

/**
 * /s/certificates: the student's active certificates, newest first, 25 a page; `?certificate={id}`
 * opens one, so a certificate has an address to come back to.
 */
export function MyCertificatesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useQuery(myCertificatesQuery);
  const page = list.data ? pageOf(list.data, Number(params.get('page') ?? '1'), PAGE_SIZE) : undefined;
  const openId = params.get('certificate');
  const opened = list.data?.find((c) => c.id === openId) ?? null;
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };
  const columns: Column<UserCertificate>[] = [
    { key: 'name', header: t('certificates.name'), render: (c) => c.name },
    // What it was given for: the assignment's or the course's name, fixed at issue.
    { key: 'subject', header: t('certificates.subject'), render: (c) => c.placeholders.subject ?? '' },
    { key: 'number', header: t('certificates.number'), render: (c) => c.certificate_number },
    {
      key: 'issued',
      header: t('certificates.issuedAt'),
      wide: true,
      render: (c) => certificateDate(c.issued_at),
    },
    {
      key: 'open',
      header: '',
      render: (c) => (
        <Group justify="flex-end" gap="xs" wrap="nowrap">
          <PdfButton
            size="xs"
            variant="subtle"
            fetchPdf={() => myCertificatePdf(c.id)}
            certificate={c}
            label={`${t('certificates.pdf')}: ${c.name} ${c.certificate_number}`}
            data-testid="certificate-row-pdf"
          />
          <Button
            size="xs"
            variant="light"
            onClick={() => setParam('certificate', c.id)}
            aria-label={`${t('certificates.open')}: ${c.name} ${c.certificate_number}`}
          >
            {t('certificates.open')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('certificates.title')}
        description={page ? t('certificates.total', { count: page.total }) : t('certificates.description')}
      />
      <PagedTable
        label={t('certificates.title')}
        columns={columns}
        rows={page?.data}
        rowKey={(c) => c.id}
        loading={list.isPending}
        page={page?.current_page ?? 1}
        lastPage={page?.last_page ?? 1}
        onPage={(next) => setParam('page', String(next))}
        empty={t('certificates.empty')}
      />
      <CertificateViewer certificate={opened} onClose={() => setParam('certificate', null)} />
    </Stack>
  );
}
