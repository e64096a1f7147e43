import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/toasts/notify';
import { certificateKeys, certificatesApi, studentCertificatePdf } from '../api';
import {
  certificateActionFor,
  type CertificateAction,
  type CertificateTarget,
  type IssuedCertificate,
} from '../model';
import { PdfButton } from './pdf-button';

/**
 * A student's certificate on the teacher's assignment or course view: its state and number, the one
 * action that applies (issue, revoke after confirmation, restore) and its PDF.
 */
export function CertificateCell({
  assignmentId,
  courseId,
  studentId,
  studentName,
  issued,
}: {
  /** The assignment it is for, or (courseId) the course. */
  assignmentId?: string;
  courseId?: string;
  studentId: string;
  studentName: string;
  issued: IssuedCertificate | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const target: CertificateTarget = courseId
    ? { kind: 'course', id: courseId }
    : { kind: 'assignment', id: assignmentId ?? '' };
  const action = certificateActionFor(issued);
  const act = useMutation({
    mutationFn: (chosen: CertificateAction) => certificatesApi.act(target, studentId, chosen),
    onSuccess: (_answer, chosen) => {
      notifySuccess(t(`certificates.done.${chosen}`));
      void queryClient.invalidateQueries({ queryKey: certificateKeys.of(target) });
    },
  });
  const run = () => {
    if (action !== 'revoke') return act.mutate(action);
    void confirmAction({
      title: t('certificates.actions.revoke'),
      message: t('certificates.revokeConfirm', { number: issued?.certificate_number ?? '' }),
      danger: true,
    }).then((ok) => ok && act.mutate('revoke'));
  };
  const state = issued?.status ?? 'none';
  return (
    <Stack gap={4} align="flex-start" data-testid="certificate-cell">
      <Group gap={6} wrap="nowrap">
        <Badge
          variant="light"
          color={state === 'active' ? 'green' : state === 'revoked' ? 'red' : 'gray'}
          data-testid="certificate-state"
        >
          {t(`certificates.states.${state}`)}
        </Badge>
        {issued ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="certificate-number">
            {issued.certificate_number}
          </Text>
        ) : null}
      </Group>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={act.isPending}
        onClick={run}
        aria-label={`${t(`certificates.actions.${action}`)}: ${studentName}`}
      >
        {t(`certificates.short.${action}`)}
      </Button>
      {issued ? (
        <PdfButton
          size="compact-xs"
          variant="subtle"
          fetchPdf={() => studentCertificatePdf(target, studentId)}
          certificate={issued}
          label={`${t('certificates.pdf')}: ${studentName}`}
          data-testid="certificate-cell-pdf"
        />
      ) : null}
    </Stack>
  );
}
