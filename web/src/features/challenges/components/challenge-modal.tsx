import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedLogout, USER_QUERY_KEY } from '../../../shared/session';
import { CHALLENGES_QUERY_KEY, fetchPendingChallenges } from '../api';
import { ChangePasswordChallenge } from './change-password-challenge';
import { PersonalDataChallenge } from './personal-data-challenge';
import { PrivacyPolicyChallenge } from './privacy-policy-challenge';

/**
 * The challenge modal (001 §2, §4): cannot be closed, shows one pending challenge at a time in order;
 * after each the list is fetched again, and when it is empty the user is read again, which closes it.
 */
export function ChallengeModal() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const challenges = useQuery({
    queryKey: CHALLENGES_QUERY_KEY,
    queryFn: ({ signal }) => fetchPendingChallenges(signal),
  });
  const current = challenges.data?.[0];

  const completed = async () => {
    const rest = await queryClient.fetchQuery({
      queryKey: CHALLENGES_QUERY_KEY,
      queryFn: ({ signal }) => fetchPendingChallenges(signal),
    });
    if (rest.length === 0) await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };

  // Nothing pending after all (completed in another tab): read the user again.
  const nonePending = challenges.data !== undefined && !current;
  useEffect(() => {
    if (nonePending) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [nonePending, queryClient]);

  const exit = useConfirmedLogout();

  const title = current ? t(`challenges.titles.${knownType(current.challenge)}`) : t('challenges.title');
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={title}
      centered
      size="lg"
    >
      <Stack gap="md" data-testid="challenge" data-challenge={current?.challenge}>
        {!current ? (
          <Group justify="center" py="lg">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : current.challenge === 'change_password' ? (
          <ChangePasswordChallenge onDone={completed} />
        ) : current.challenge === 'request_personal_data' ? (
          <PersonalDataChallenge onDone={completed} />
        ) : current.challenge === 'sign_privacy_policy' ? (
          <PrivacyPolicyChallenge onDone={completed} />
        ) : (
          <Text>{t('challenges.unknown')}</Text>
        )}
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {challenges.data && challenges.data.length > 1
              ? t('challenges.remaining', { count: challenges.data.length })
              : ''}
          </Text>
          <Button variant="subtle" color="gray" onClick={exit}>
            {t('shell.logout.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function knownType(
  type: string,
): 'change_password' | 'sign_privacy_policy' | 'request_personal_data' | 'other' {
  return type === 'change_password' || type === 'sign_privacy_policy' || type === 'request_personal_data'
    ? type
    : 'other';
}
