import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { certificateFileName } from '../model';

/** Saves a fetched file under a name: a link to an object URL, clicked once and let go. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a certificate as PDF. The file is fetched with the token (a plain link cannot send it)
 * and saved under the certificate's number.
 */
export function PdfButton({
  fetchPdf,
  certificate,
  label,
  ...button
}: {
  fetchPdf: () => Promise<Blob>;
  certificate: { certificate_number: string; id: string };
  label?: string;
} & ButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await fetchPdf(), certificateFileName(certificate).replace(/\.svg$/, '.pdf'));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()} aria-label={label} {...button}>
      {t('certificates.pdf')}
    </Button>
  );
}
