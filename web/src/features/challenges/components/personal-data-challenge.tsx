import { Alert, Button, Stack, Text } from '@mantine/core';
import { MaskInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, showErrorToast } from '../../../shared/api';
import { accessFlowError } from '../../../shared/access/errors';
import { notifySuccess } from '../../../shared/toasts/notify';
import { SmsCodeInput } from '../../../shared/access/sms-code-input';
import { useAccessErrorText } from '../../../shared/access/use-access-error-text';
import { useCurrentUser } from '../../../shared/session';
import { challengeApi } from '../api';

/** 001 §5: the phone mask and the code of at least 4 characters (the text promises 6 digits). */
const PHONE_MASK = '# (###) ###-####';
const CODE_LENGTH = 6;

/**
 * request_personal_data (001 §4): a phone (asked only when the user has none, or after 'subject not
 * found'), Begin → a session id, the one-time code, then the challenge is sent with the session id.
 */
export function PersonalDataChallenge({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [askPhone, setAskPhone] = useState(!user?.phone);
  const [notFound, setNotFound] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useAccessErrorText();

  const begin = async () => {
    setBusy(true);
    try {
      const { session_id } = await challengeApi.createPersonalDataRequest(phone);
      setNotFound(false);
      setSessionId(session_id);
    } catch (error) {
      // 001 §8: 404 shows 'subject not found' and lets the user enter another phone.
      if (isApiError(error) && error.httpStatus === 404) {
        setNotFound(true);
        setAskPhone(true);
      } else showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (!sessionId) return;
    setBusy(true);
    setCodeError(null);
    try {
      await challengeApi.verifyPersonalDataRequest(code, sessionId);
      await challengeApi.completePersonalDataRequest(sessionId);
      notifySuccess(t('challenges.personalData.done'));
      onDone();
    } catch (error) {
      const mapped = accessFlowError(error);
      if (mapped) setCodeError(errorText(mapped));
      else showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  if (sessionId)
    return (
      <Stack gap="md">
        <SmsCodeInput
          length={CODE_LENGTH}
          sentTo={phone}
          busy={busy}
          error={codeError}
          onVerify={verify}
          onResend={begin}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text>{t('challenges.personalData.text')}</Text>
      {notFound ? (
        <Alert color="orange" data-testid="subject-not-found">
          {t('challenges.personalData.notFound')}
        </Alert>
      ) : null}
      {askPhone ? (
        <MaskInput
          label={t('person.phone')}
          mask={PHONE_MASK}
          tokens={{ '#': /\d/ }}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          type="tel"
          autoComplete="tel"
        />
      ) : (
        <Text size="sm">{t('challenges.personalData.phoneOnFile', { phone })}</Text>
      )}
      {/* 001 §5: Begin is disabled without a phone. */}
      <Button onClick={begin} loading={busy} disabled={phone.replace(/\D/g, '').length < 5}>
        {t('challenges.personalData.begin')}
      </Button>
    </Stack>
  );
}
