import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateSvgQuery, myCertificatePdf } from '../api';
import { certificateFileName, type UserCertificate } from '../model';
import { PdfButton } from './pdf-button';

/** An object URL for a blob, revoked when the blob changes or the viewer closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** The certificate as the platform renders it (SVG with its QR code), and a download of that file. */
export function CertificateViewer({
  certificate,
  onClose,
}: {
  certificate: UserCertificate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const svg = useQuery({ ...certificateSvgQuery(certificate?.id ?? ''), enabled: certificate !== null });
  const url = useObjectUrl(certificate ? svg.data : undefined);
  return (
    <Modal
      opened={certificate !== null}
      onClose={onClose}
      size="xl"
      title={certificate ? t('certificates.viewTitle', { number: certificate.certificate_number }) : ''}
      data-testid="certificate-viewer"
    >
      {certificate ? (
        <Stack gap="md">
          {url ? (
            <Image
              src={url}
              alt={t('certificates.image', {
                name: certificate.name,
                number: certificate.certificate_number,
              })}
              radius="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
              data-testid="certificate-image"
            />
          ) : svg.isError ? (
            <Text c="red">{t('errors.unknown')}</Text>
          ) : (
            <Center h={300}>
              <Loader />
            </Center>
          )}
          <Group justify="flex-end">
            {certificate.report_path ? (
              <Button
                component="a"
                href={certificate.report_path}
                target="_blank"
                rel="noopener"
                variant="subtle"
                mr="auto"
                data-testid="certificate-report"
              >
                {t('publicReport.openReport')}
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              {t('certificates.close')}
            </Button>
            <Button
              component="a"
              variant="light"
              href={url ?? undefined}
              download={certificateFileName(certificate)}
              disabled={!url}
              data-testid="certificate-download"
            >
              {t('certificates.download')}
            </Button>
            <PdfButton
              fetchPdf={() => myCertificatePdf(certificate.id)}
              certificate={certificate}
              data-testid="certificate-pdf"
            />
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
