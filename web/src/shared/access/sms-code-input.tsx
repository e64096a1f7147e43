import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 001 §9: SMS codes have four digits; a new code may be asked for after 60 seconds. */
export const SMS_CODE_LENGTH = 4;
export const RESEND_WAIT_S = 60;

/**
 * The SMS code widget (001 §5): digits only, verification starts by itself once every digit is typed,
 * resending waits 60 s, and the first error message is shown under the boxes.
 */
export function SmsCodeInput({
  length = SMS_CODE_LENGTH,
  sentTo,
  onVerify,
  onResend,
  error,
  busy,
}: {
  length?: number;
  /** Where the code went (a phone or an e-mail), shown above the boxes. */
  sentTo?: string;
  onVerify: (code: string) => void;
  onResend?: () => void | Promise<void>;
  error?: string | null;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(RESEND_WAIT_S);
  const ticker = useInterval(() => setWait((s) => Math.max(0, s - 1)), 1000);

  useEffect(() => {
    ticker.start();
    return ticker.stop;
    // One ticker for the widget's lifetime: useInterval returns a new object each render.
  }, []);

  // A wrong code is cleared so the next try starts from the first box.
  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  return (
    <Stack gap="xs">
      <Text size="sm">{sentTo ? t('auth.code.sentTo', { to: sentTo }) : t('auth.code.prompt')}</Text>
      <PinInput
        length={length}
        type="number"
        inputMode="numeric"
        oneTimeCode
        autoFocus
        value={code}
        onChange={(value) => setCode(value.replace(/\s+/g, ''))}
        onComplete={(value) => onVerify(value.replace(/\s+/g, ''))}
        error={Boolean(error)}
        disabled={busy}
        ariaLabel={t('auth.code.label')}
        data-testid="sms-code"
      />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {onResend ? (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={wait > 0 || busy}
            onClick={async () => {
              await onResend();
              setWait(RESEND_WAIT_S);
            }}
          >
            {wait > 0 ? t('auth.code.resendIn', { seconds: wait }) : t('auth.code.resend')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
