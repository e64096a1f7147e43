import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../shared/ui/confirm-dialog';
import { showErrorToast } from '../../../../shared/api';
import { basketKeys, clearItems, removeItem, type BasketItem } from '../../basket-api';
import { setQuantity } from '../../quantity';
import { quantityStep } from '../../quantity-rules';

/**
 * The basket's products (000 §2, §4, §5; 001 §2): name, kind, old and new price, quantity with minus
 * and plus (the special kind keeps 1; minus at 1 asks, then removes), and several selected at once
 * removed from the "selected" bar.
 */
export function BasketItems({ items }: { items: BasketItem[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: basketKeys.all });
  // Not keyed for the basket's loader: its confirmation would sit over the loader; the refetch it
  // causes is a basket call and shows it.
  const change = useMutation({
    mutationFn: async ({ item, delta }: { item: BasketItem; delta: 1 | -1 }) => {
      const step = quantityStep(item, delta);
      if (step === 'add' || step === 'decrease') await setQuantity(item, item.quantity + delta);
      if (step === 'confirm-remove') {
        const yes = await confirmAction({
          title: t('shop.basket.removeTitle'),
          message: t('shop.basket.removeConfirm', { name: item.product.name }),
          confirmLabel: t('shop.basket.remove'),
          danger: true,
        });
        if (yes) await removeItem(item.product_id);
      }
    },
    onError: showErrorToast,
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationKey: basketKeys.all,
    mutationFn: () => clearItems(selected),
    onSuccess: () => setSelected([]),
    onSettled: refresh,
  });
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  if (items.length === 0) return <Text c="dimmed">{t('shop.basket.empty')}</Text>;
  return (
    <Stack gap="xs" data-testid="basket-items">
      {selected.length > 0 ? (
        <Group justify="space-between" data-testid="basket-selection">
          <Text size="sm">{t('shop.basket.selected', { count: selected.length })}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setSelected([])}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" loading={clear.isPending} onClick={() => clear.mutate()}>
              {t('shop.basket.removeSelected')}
            </Button>
          </Group>
        </Group>
      ) : null}
      {items.map((item) => {
        const fixed = item.is_quantity_fixed;
        const busy = change.isPending && change.variables?.item.id === item.id;
        return (
          <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="basket-item">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Checkbox
                aria-label={t('shop.basket.select', { name: item.product.name })}
                checked={selected.includes(item.product_id)}
                onChange={() => toggle(item.product_id)}
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={500} lineClamp={2}>
                  {item.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(
                    `shop.products.shipment.${item.product.shipment_type === 'physical' ? 'physical' : 'digital'}`,
                  )}
                  {' · '}
                  {t(`shop.products.payment.${item.product.payment_type}`, { defaultValue: '' })}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {fixed ? (
                <Text size="sm" data-testid="basket-quantity">
                  {t('shop.basket.quantity', { n: item.quantity })}
                </Text>
              ) : (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="sm"
                    aria-label={t('shop.basket.less', { name: item.product.name })}
                    disabled={busy}
                    onClick={() => change.mutate({ item, delta: -1 })}
                    data-testid="basket-minus"
                  >
                    −
                  </ActionIcon>
                  <Text size="sm" w={28} ta="center" data-testid="basket-quantity">
                    {item.quantity}
                  </Text>
                  <ActionIcon
                    variant="default"
                    size="sm"
                    aria-label={t('shop.basket.more', { name: item.product.name })}
                    disabled={busy}
                    onClick={() => change.mutate({ item, delta: 1 })}
                    data-testid="basket-plus"
                  >
                    +
                  </ActionIcon>
                </Group>
              )}
              <Stack gap={0} align="flex-end" miw={90}>
                {item.product_price.old.raw !== item.product_price.new.raw ? (
                  <Text size="xs" td="line-through" c="dimmed">
                    {item.product_price.old.formatted}
                  </Text>
                ) : null}
                <Text size="sm" fw={600} data-testid="basket-item-price">
                  {item.product_price.new.formatted}
                </Text>
              </Stack>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
