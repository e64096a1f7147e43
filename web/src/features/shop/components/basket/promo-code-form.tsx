import { Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api';
import { attachPromo, basketKeys, detachPromo, type OrderTotal } from '../../basket-api';

/** The footer's promo code (001 §2): typed and applied, then read-only with Remove until detached. */
export function PromoCodeForm({ total }: { total: OrderTotal | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: basketKeys.all });
  const attach = useMutation({
    mutationKey: basketKeys.all,
    mutationFn: () => attachPromo(typed.trim()),
    onSuccess: () => {
      setError(undefined);
      void refresh();
    },
    onError: (e) => setError(isApiError(e) ? (e.errors.promocode?.[0] ?? e.message) : undefined),
    meta: { errorToast: false },
  });
  const detach = useMutation({
    mutationKey: basketKeys.all,
    mutationFn: detachPromo,
    onSuccess: () => {
      setTyped('');
      void refresh();
    },
  });
  const attached = total?.promocode ?? null;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: '1 1 260px', maxWidth: 380 }}>
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        placeholder={t('shop.basket.promocode')}
        aria-label={t('shop.basket.promocode')}
        value={attached?.name ?? typed}
        readOnly={attached !== null}
        description={attached?.description ?? undefined}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !attached && typed.trim()) attach.mutate();
        }}
        error={error}
        data-testid="basket-promocode"
      />
      {attached ? (
        <Button
          variant="default"
          onClick={() => detach.mutate()}
          loading={detach.isPending}
          data-testid="basket-promocode-detach"
        >
          {t('shop.basket.detach')}
        </Button>
      ) : (
        <Button
          variant="default"
          disabled={typed.trim() === ''}
          onClick={() => attach.mutate()}
          loading={attach.isPending}
          data-testid="basket-promocode-apply"
        >
          {t('shop.basket.apply')}
        </Button>
      )}
    </Group>
  );
}
