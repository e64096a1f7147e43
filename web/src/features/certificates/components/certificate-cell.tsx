import { Badge, Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../auth';
import { certificateKeys, certificatesApi } from '../api';
import { certificateActionFor, type CertificateAction, type IssuedCertificate } from '../model';

/**
 * A student's certificate on the teacher's assignment view: its state and number, and the one action
 * that applies (issue, revoke after confirmation, restore).
 */
export function CertificateCell({
  assignmentId,
  studentId,
  studentName,
  issued,
}: {
  assignmentId: string;
  studentId: string;
  studentName: string;
  issued: IssuedCertificate | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = certificateActionFor(issued);
  const act = useMutation({
    mutationFn: (chosen: CertificateAction) => certificatesApi.act(assignmentId, studentId, chosen),
    onSuccess: (_answer, chosen) => {
      notifySuccess(t(`certificates.done.${chosen}`));
      void queryClient.invalidateQueries({ queryKey: certificateKeys.ofAssignment(assignmentId) });
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
    <Group gap={6} wrap="nowrap" data-testid="certificate-cell">
      <Badge
        variant="light"
        color={state === 'active' ? 'green' : state === 'revoked' ? 'red' : 'gray'}
        title={issued?.certificate_number}
      >
        {issued
          ? `${t(`certificates.states.${state}`)} ${issued.certificate_number}`
          : t('certificates.states.none')}
      </Badge>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={act.isPending}
        onClick={run}
        aria-label={`${t(`certificates.actions.${action}`)}: ${studentName}`}
      >
        {t(`certificates.actions.${action}`)}
      </Button>
    </Group>
  );
}
