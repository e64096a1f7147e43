import { Box, Button, Group, LoadingOverlay, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirect } from '../../../../shared/guards/redirects';
import { useChannel } from '../../../../shared/realtime';
import { useSession } from '../../../../shared/session';
import { basketKeys, fetchItems, fetchTotal } from '../../basket-api';
import { useBasketLoader } from '../../basket-loader';
import { closeBasket, useBasketStore } from '../../basket-store';
import { BasketItems } from './basket-items';
import { CustomerStep, useCustomerForm } from './customer-step';
import { canClosePayment, paymentAfter, type PaymentState } from '../../payment-state';
import { PaymentStep } from './payment-step';
import { PromoCodeForm } from './promo-code-form';

type Step = 'products' | 'customer' | 'payment';

/**
 * The header's basket (001 §2 Basket modal, §4): products, the customer (only when something is
 * shipped), payment. The footer shows the total, the savings and delivery, the promo code form, Back
 * and Continue. Once the order id is known the modal listens on `order.{id}` (until closed): OrderPaid
 * and OrderCompleted move the payment modal to "paid, processing" and "completed".
 */
export function BasketModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fromStore = useBasketStore((s) => s.opened);
  const opened = props.opened || fromStore;
  const phone = useMediaQuery('(max-width: 767px)');
  const total = useQuery({ queryKey: [...basketKeys.all, 'total'], queryFn: fetchTotal, enabled: opened });
  const items = useQuery({ queryKey: [...basketKeys.all, 'items'], queryFn: fetchItems, enabled: opened });
  const [step, setStep] = useState<Step>('products');
  const [payment, setPayment] = useState<PaymentState>('idle');
  const steps: Step[] = total.data?.is_needs_shipment
    ? ['products', 'customer', 'payment']
    : ['products', 'payment'];
  const index = Math.max(0, steps.indexOf(step));
  const customer = useCustomerForm(opened && step === 'customer', () => setStep('payment'));
  // A guest's basket (docs/shop.md): its products only; the promo code and paying need a sign-in.
  const guest = useSession((s) => s.accessToken === null);
  const navigate = useNavigate();
  const location = useLocation();
  const loading = useBasketLoader();

  useChannel(opened && total.data && !guest ? `order.${total.data.id}` : null, {
    onEvent: (event) => setPayment((p) => paymentAfter(p, event)),
  });

  const close = () => {
    if (!canClosePayment(payment)) return; // paid, processing: the window stays until completed
    const done = payment === 'completed';
    setPayment('idle');
    setStep('products');
    props.onClose();
    closeBasket();
    // 001 §4: closing after completion refreshes the page's data (the course now open, the order listed).
    if (done) void queryClient.invalidateQueries();
  };
  const list = items.data ?? [];
  const empty = list.length === 0;
  const money = total.data;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('shop.basket.title')}
      size="lg"
      closeOnClickOutside={canClosePayment(payment)}
      closeOnEscape={canClosePayment(payment)}
    >
      <Box pos="relative">
        <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} data-testid="basket-loader" />
        <Stack gap="md">
          {phone ? (
            // 001 §2: on a phone the step's title and description replace the step list.
            <Stack gap={0} data-testid="basket-step-title">
              <Text fw={600}>
                {t('shop.basket.stepOf', { n: index + 1, of: steps.length })} ·{' '}
                {t(`shop.basket.steps.${step}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`shop.basket.stepHints.${step}`)}
              </Text>
            </Stack>
          ) : (
            <Stepper active={index} size="sm">
              {steps.map((s) => (
                <Stepper.Step key={s} label={t(`shop.basket.steps.${s}`)} />
              ))}
            </Stepper>
          )}
          {step === 'products' ? (
            items.isPending ? (
              <Text c="dimmed">{t('common.loading')}</Text>
            ) : (
              <BasketItems items={list} />
            )
          ) : null}
          {step === 'customer' ? <CustomerStep form={customer} /> : null}
          {step === 'payment' ? (
            <PaymentStep payment={payment} onPayment={setPayment} onDone={close} />
          ) : null}
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('shop.basket.total')}
              </Text>
              <Text fw={700} size="lg" data-testid="basket-total">
                {money?.total.formatted ?? '—'}
              </Text>
              {money && money.savings.raw > 0 ? (
                <Text size="xs" c="green" data-testid="basket-savings">
                  {t('shop.basket.savings', { amount: money.savings.formatted })}
                </Text>
              ) : null}
              {money && money.delivery.raw > 0 ? (
                <Text size="xs" c="dimmed" data-testid="basket-delivery">
                  {t('shop.basket.deliveryCost', { amount: money.delivery.formatted })}
                </Text>
              ) : null}
            </Stack>
            {step === 'products' && !empty && !guest ? <PromoCodeForm total={money} /> : null}
          </Group>
          <Group justify="flex-end">
            {index > 0 && payment === 'idle' ? (
              <Button variant="default" onClick={() => setStep(steps[index - 1]!)} data-testid="basket-back">
                {t('shop.basket.back')}
              </Button>
            ) : null}
            {step === 'products' && guest ? (
              <Stack gap={4} align="flex-end">
                <Text size="sm" c="dimmed">
                  {t('shop.guest.signInHint')}
                </Text>
                <Button
                  disabled={empty}
                  onClick={() => {
                    close();
                    void navigate(loginRedirect(location.pathname, location.search));
                  }}
                  data-testid="basket-sign-in"
                >
                  {t('shop.guest.signInToPay')}
                </Button>
              </Stack>
            ) : null}
            {step === 'products' && !guest ? (
              <Button disabled={empty} onClick={() => setStep(steps[1]!)} data-testid="basket-continue">
                {t('shop.basket.continue')}
              </Button>
            ) : null}
            {step === 'customer' ? (
              // 001 §4: moving on first saves the step; Continue waits until the step allows it.
              <Button
                disabled={!customer.ready}
                loading={customer.saving}
                onClick={customer.save}
                data-testid="basket-customer-save"
              >
                {t('shop.basket.continue')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Box>
    </Modal>
  );
}
