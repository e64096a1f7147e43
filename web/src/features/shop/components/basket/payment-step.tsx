import { Alert, Button, Group, LoadingOverlay, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../../shared/session/use-current-user';
import { fetchProviders, frameSourceOf, makePayment } from '../../basket-api';
import { canClosePayment, type PaymentState } from '../../payment-state';
/** 001 §9: the payment modal's inner loader stays 1500 ms after the request. */
const VIEW_LOADER_MS = 1500;

/**
 * The payment step (001 §4): the school's providers; picking one opens the payment modal and asks for
 * the provider's view (`POST /api/payment/make/{id}`), rendered inside it. The order's channel moves the
 * modal to "paid, processing" (it cannot be closed) and then "completed" with Close, which closes the
 * basket. Picking the same provider again deselects it; a failed request closes the modal.
 */
export function PaymentStep({
  payment,
  onPayment,
  onDone,
}: {
  payment: PaymentState;
  onPayment: (state: PaymentState) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const providers = useQuery({ queryKey: ['payment-providers', 'basket'], queryFn: fetchProviders });
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<{ src: string | null; html: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const make = useMutation({
    mutationFn: (id: string) => makePayment(id, window.innerWidth < 768),
    onSuccess: (answer) => {
      setView({ src: frameSourceOf(answer.view), html: answer.view });
      onPayment('viewing');
    },
    onError: () => {
      setChosen(null);
      setView(null);
      onPayment('idle');
    },
  });
  useEffect(() => {
    if (!view) return;
    setLoading(true);
    const timer = window.setTimeout(() => setLoading(false), VIEW_LOADER_MS);
    return () => window.clearTimeout(timer);
  }, [view]);

  const pick = (id: string) => {
    // 001 §4: choosing the same provider again deselects it.
    if (chosen === id) {
      setChosen(null);
      setView(null);
      onPayment('idle');
      return;
    }
    setChosen(id);
    setView(null);
    make.mutate(id);
  };
  const closeModal = () => {
    if (!canClosePayment(payment)) return; // paid, processing: the window stays until completed
    if (payment === 'completed') return onDone();
    setChosen(null);
    setView(null);
    onPayment('idle');
  };
  const provider = providers.data?.find((p) => p.id === chosen);

  if (providers.data && providers.data.length === 0)
    return (
      <Alert color="orange" data-testid="basket-no-providers">
        {t('shop.basket.noProviders')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('shop.basket.chooseProvider')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {(providers.data ?? []).map((p) => (
          <Paper
            key={p.id}
            component="button"
            type="button"
            withBorder
            p="sm"
            radius="md"
            aria-pressed={chosen === p.id}
            onClick={() => pick(p.id)}
            style={{
              cursor: 'pointer',
              textAlign: 'left',
              borderColor: chosen === p.id ? 'var(--mantine-color-blue-6)' : undefined,
            }}
            data-testid="payment-provider"
          >
            <Text fw={500} size="sm">
              {p.name}
            </Text>
            {p.description ? (
              <Text size="xs" c="dimmed">
                {p.description}
              </Text>
            ) : null}
          </Paper>
        ))}
      </SimpleGrid>
      <Modal
        opened={chosen !== null || payment === 'paid' || payment === 'completed'}
        onClose={closeModal}
        title={provider?.name ?? t('shop.basket.steps.payment')}
        size="lg"
        withCloseButton={canClosePayment(payment)}
        closeOnClickOutside={canClosePayment(payment)}
        closeOnEscape={canClosePayment(payment)}
        data-testid="payment-modal"
      >
        <PaymentModalBody
          payment={payment}
          view={view}
          loading={make.isPending || loading}
          onLoaded={() => setLoading(false)}
          onClose={closeModal}
        />
      </Modal>
    </Stack>
  );
}

function PaymentModalBody({
  payment,
  view,
  loading,
  onLoaded,
  onClose,
}: {
  payment: PaymentState;
  view: { src: string | null; html: string } | null;
  loading: boolean;
  onLoaded: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (payment === 'paid')
    return (
      <Alert color="blue" data-testid="payment-paid">
        {t('shop.basket.paid')}
      </Alert>
    );
  if (payment === 'completed')
    return (
      <Stack gap="sm" data-testid="payment-completed">
        <Alert color="green">{t('shop.basket.completed')}</Alert>
        <Group justify="flex-end">
          {user?.group === 'student' ? (
            // The student's own orders (ours: /s/orders).
            <Button component={Link} to="/s/orders" variant="default" onClick={onClose}>
              {t('shop.basket.myOrders')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-testid="payment-close">
            {t('shop.basket.close')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <div style={{ position: 'relative', minHeight: 260 }}>
      <LoadingOverlay visible={loading} />
      {view ? (
        view.src ? (
          <iframe
            title={t('shop.basket.steps.payment')}
            src={view.src}
            onLoad={onLoaded}
            style={{ width: '100%', minHeight: 260, border: 0 }}
            data-testid="payment-view"
          />
        ) : (
          // Another provider's widget: its own HTML, kept in a sandboxed frame away from the app.
          <iframe
            title={t('shop.basket.steps.payment')}
            srcDoc={view.html}
            sandbox="allow-forms allow-scripts allow-popups allow-top-navigation-by-user-activation"
            onLoad={onLoaded}
            style={{ width: '100%', minHeight: 260, border: 0 }}
            data-testid="payment-view"
          />
        )
      ) : null}
    </div>
  );
}
