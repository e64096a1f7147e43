import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { useChannel } from '../../../shared/realtime';
import {
  attachPromo,
  basketKeys,
  detachPromo,
  fetchCities,
  fetchCityDelivery,
  fetchCustomer,
  fetchItems,
  fetchProviders,
  fetchTotal,
  frameSourceOf,
  makePayment,
  removeItem,
  saveCustomer,
  type CustomerFields,
} from '../basket-api';

type Step = 'products' | 'customer' | 'payment';
type PaymentState = 'idle' | 'viewing' | 'paid' | 'completed';

/**
 * The header's basket (001 §2 Basket modal, §4): products, the customer (only when something is
 * shipped), payment. The footer shows the total, the savings and the promo code form. Once the order id
 * is known the modal listens on `order.{id}`: OrderPaid shows "paid, processing" (the payment window
 * cannot be closed), OrderCompleted "completed" with a close button that closes the basket.
 */
export function BasketModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const total = useQuery({ queryKey: [...basketKeys.all, 'total'], queryFn: fetchTotal, enabled: opened });
  const items = useQuery({ queryKey: [...basketKeys.all, 'items'], queryFn: fetchItems, enabled: opened });
  const [step, setStep] = useState<Step>('products');
  const [payment, setPayment] = useState<PaymentState>('idle');
  const [frame, setFrame] = useState<string | null>(null);
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: basketKeys.all });
  const steps: Step[] = total.data?.is_needs_shipment
    ? ['products', 'customer', 'payment']
    : ['products', 'payment'];
  const index = Math.max(0, steps.indexOf(step));

  useChannel(opened && total.data ? `order.${total.data.id}` : null, {
    onEvent: (event) => {
      if (event === 'OrderPaid') setPayment('paid');
      if (event === 'OrderCompleted') setPayment('completed');
    },
  });

  const remove = useMutation({ mutationFn: removeItem, onSuccess: refresh });
  const attach = useMutation({
    mutationFn: () => attachPromo(promo),
    onSuccess: () => {
      setPromoError(undefined);
      void refresh();
    },
    onError: (error) =>
      setPromoError(isApiError(error) ? (error.errors.promocode?.[0] ?? error.message) : undefined),
  });
  const detach = useMutation({ mutationFn: detachPromo, onSuccess: refresh });

  const close = () => {
    if (payment === 'paid') return; // paid, processing: the window stays until completed
    const done = payment === 'completed';
    setPayment('idle');
    setFrame(null);
    setStep('products');
    onClose();
    if (done) void queryClient.invalidateQueries();
  };
  const empty = (items.data ?? []).length === 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('shop.basket.title')}
      size="lg"
      closeOnClickOutside={payment !== 'paid'}
    >
      <Stack gap="md">
        <Stepper active={index} size="sm">
          {steps.map((s) => (
            <Stepper.Step key={s} label={t(`shop.basket.steps.${s}`)} />
          ))}
        </Stepper>
        {step === 'products' ? (
          <Stack gap="xs" data-testid="basket-items">
            {empty ? <Text c="dimmed">{t('shop.basket.empty')}</Text> : null}
            {(items.data ?? []).map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="basket-item">
                <Stack gap={0}>
                  <Text fw={500}>{item.product.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t(
                      `shop.products.shipment.${item.product.shipment_type === 'physical' ? 'physical' : 'digital'}`,
                    )}{' '}
                    · {t('shop.basket.quantity', { n: item.quantity })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {item.product_price.old.raw !== item.product_price.new.raw ? (
                    <Text size="sm" td="line-through" c="dimmed">
                      {item.product_price.old.formatted}
                    </Text>
                  ) : null}
                  <Text size="sm" fw={600}>
                    {item.product_price.new.formatted}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('shop.basket.remove')}
                    onClick={() => remove.mutate(item.product_id)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        {step === 'customer' ? <CustomerStep onSaved={() => setStep('payment')} /> : null}
        {step === 'payment' ? (
          <PaymentStep
            payment={payment}
            frame={frame}
            onView={(src) => {
              setFrame(src);
              setPayment(src ? 'viewing' : 'idle');
            }}
            onClose={close}
          />
        ) : null}
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('shop.basket.total')}
            </Text>
            <Text fw={700} size="lg" data-testid="basket-total">
              {total.data?.total.formatted ?? '—'}
            </Text>
            {total.data && total.data.savings.raw > 0 ? (
              <Text size="xs" c="green" data-testid="basket-savings">
                {t('shop.basket.savings', { amount: total.data.savings.formatted })}
              </Text>
            ) : null}
          </Stack>
          {step === 'products' ? (
            <Group gap="xs" align="flex-start">
              <TextInput
                placeholder={t('shop.basket.promocode')}
                aria-label={t('shop.basket.promocode')}
                value={total.data?.promocode?.name ?? promo}
                readOnly={Boolean(total.data?.promocode)}
                onChange={(event) => setPromo(event.currentTarget.value)}
                error={promoError}
                data-testid="basket-promocode"
              />
              {total.data?.promocode ? (
                <Button variant="default" onClick={() => detach.mutate()} loading={detach.isPending}>
                  {t('shop.basket.detach')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  disabled={promo.trim() === ''}
                  onClick={() => attach.mutate()}
                  loading={attach.isPending}
                  data-testid="basket-promocode-apply"
                >
                  {t('shop.basket.apply')}
                </Button>
              )}
            </Group>
          ) : null}
        </Group>
        <Group justify="flex-end">
          {index > 0 && payment === 'idle' ? (
            <Button variant="default" onClick={() => setStep(steps[index - 1]!)}>
              {t('shop.basket.back')}
            </Button>
          ) : null}
          {step === 'products' ? (
            <Button disabled={empty} onClick={() => setStep(steps[1]!)} data-testid="basket-continue">
              {t('shop.basket.continue')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The customer step: name, city, its delivery method and the address; saved before going on. */
function CustomerStep({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: [...basketKeys.all, 'customer'], queryFn: fetchCustomer });
  const cities = useQuery({ queryKey: ['cities', 'all'], queryFn: fetchCities });
  const [fields, setFields] = useState<CustomerFields | null>(null);
  const current: CustomerFields = fields ?? {
    firstname: String(saved.data?.firstname ?? ''),
    lastname: String(saved.data?.lastname ?? ''),
    city_id: String(saved.data?.city_id ?? ''),
    address_1: String(saved.data?.address_1 ?? ''),
    city_delivery_method_id: String(saved.data?.city_delivery_method_id ?? ''),
  };
  const set = (change: Partial<CustomerFields>) => setFields({ ...current, ...change });
  const delivery = useQuery({
    queryKey: ['city-delivery', current.city_id],
    queryFn: () => fetchCityDelivery(current.city_id),
    enabled: current.city_id !== '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => saveCustomer(current),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
      onSaved();
    },
    onError: (error) =>
      setErrors(
        isApiError(error)
          ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? '']))
          : {},
      ),
  });
  const ready = Object.values(current).every((v) => v.trim() !== '');
  return (
    <Stack gap="xs" data-testid="basket-customer">
      {/* 000 §3: the labels of first and last name are crossed in the original; here each names its own field. */}
      <Group grow>
        <TextInput
          label={t('shop.basket.firstname')}
          required
          value={current.firstname}
          onChange={(e) => set({ firstname: e.currentTarget.value })}
          error={errors.firstname}
        />
        <TextInput
          label={t('shop.basket.lastname')}
          required
          value={current.lastname}
          onChange={(e) => set({ lastname: e.currentTarget.value })}
          error={errors.lastname}
        />
      </Group>
      <Select
        label={t('shop.basket.city')}
        required
        searchable
        disabled={(cities.data ?? []).length === 0}
        data={(cities.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={current.city_id || null}
        onChange={(value) => set({ city_id: value ?? '', city_delivery_method_id: '' })}
      />
      {current.city_id ? (
        (delivery.data ?? []).length === 0 && !delivery.isPending ? (
          <Alert color="orange">{t('shop.basket.noDelivery')}</Alert>
        ) : (
          <Select
            label={t('shop.basket.delivery')}
            required
            data={(delivery.data ?? []).map((d) => ({
              value: d.id,
              label: t('shop.basket.deliveryOption', { cost: d.cost.formatted, days: d.time }),
            }))}
            value={current.city_delivery_method_id || null}
            onChange={(value) => set({ city_delivery_method_id: value ?? '' })}
            error={errors.city_delivery_method_id}
          />
        )
      ) : null}
      <TextInput
        label={t('shop.basket.address')}
        required
        disabled={current.city_id === ''}
        value={current.address_1}
        onChange={(e) => set({ address_1: e.currentTarget.value })}
        error={errors.address_1}
      />
      <Group justify="flex-end">
        <Button
          disabled={!ready}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="basket-customer-save"
        >
          {t('shop.basket.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The payment step: the school's providers; picking one shows its payment view; paid and completed states. */
function PaymentStep(props: {
  payment: PaymentState;
  frame: string | null;
  onView: (src: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const providers = useQuery({ queryKey: ['payment-providers'], queryFn: fetchProviders });
  const [chosen, setChosen] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: (id: string) => makePayment(id, window.innerWidth < 768),
    onSuccess: (answer) => props.onView(frameSourceOf(answer.view)),
    onError: () => {
      setChosen(null);
      props.onView(null);
    },
  });
  if (props.payment === 'paid')
    return (
      <Alert color="blue" data-testid="payment-paid">
        {t('shop.basket.paid')}
      </Alert>
    );
  if (props.payment === 'completed')
    return (
      <Stack gap="xs" data-testid="payment-completed">
        <Alert color="green">{t('shop.basket.completed')}</Alert>
        <Button onClick={props.onClose}>{t('shop.basket.close')}</Button>
      </Stack>
    );
  if (providers.data && providers.data.length === 0)
    return <Alert color="orange">{t('shop.basket.noProviders')}</Alert>;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {(providers.data ?? []).map((p) => (
          <Button
            key={p.id}
            variant={chosen === p.id ? 'filled' : 'default'}
            loading={make.isPending && chosen === p.id}
            onClick={() => {
              // Choosing the same provider again deselects it (001 §4).
              if (chosen === p.id) {
                setChosen(null);
                props.onView(null);
                return;
              }
              setChosen(p.id);
              make.mutate(p.id);
            }}
            data-testid="payment-provider"
          >
            {p.name}
          </Button>
        ))}
      </Group>
      {props.frame ? (
        <iframe
          title={t('shop.basket.steps.payment')}
          src={props.frame}
          style={{ width: '100%', minHeight: 220, border: 0 }}
          data-testid="payment-view"
        />
      ) : null}
    </Stack>
  );
}
