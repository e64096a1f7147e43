import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { clampPage } from '../../../../shared/api';
import { useFormat } from '../../../../shared/i18n';
import { confirmAction } from '../../../../shared/ui/confirm-dialog';
import { PageHeading } from '../../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../../shared/ui/paged-table';
import { notifySuccess } from '../../../../shared/toasts/notify';
import {
  buyersQuery,
  citiesQuery,
  ORDER_STATUSES,
  orderCustomerQuery,
  orderQuery,
  ordersPageQuery,
  refundOrder,
  type OrderRecord,
} from '../../settings-api';
import { formatMinor } from '../../money-text';

const STATUS_COLOR: Record<string, string> = {
  basket: 'gray',
  paid: 'blue',
  completed: 'green',
  refunded: 'orange',
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" data-testid="order-status">
      {t(`shop.orders.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/**
 * The orders list: the manager's (/m/orders, /m/orders/search: the school's, with search by order,
 * buyer or promo code and a status filter) and the student's own (/s/orders).
 */
export function OrdersListPage({ area, search = false }: { area: 'm' | 's'; search?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const [typed, setTyped] = useState(params.get('query') ?? '');
  const [query] = useDebouncedValue(typed.trim(), 500);
  const status = params.get('status') ?? '';
  const list = useQuery(ordersPageQuery(requested, query, status));
  const buyers = useQuery({
    ...buyersQuery(area === 'm' ? [...new Set((list.data?.data ?? []).map((o) => o.user_id))] : []),
    meta: { errorToast: false },
  });
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const update = (change: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const columns: Column<OrderRecord>[] = [
    {
      key: 'id',
      header: t('shop.orders.fields.id'),
      render: (o) => (
        <Anchor component={Link} to={`/${area}/orders/${o.id}`} ff="monospace" size="sm" fw={500}>
          {o.id.slice(0, 8)}
        </Anchor>
      ),
    },
    {
      key: 'items',
      header: t('shop.orders.fields.items'),
      render: (o) => (
        <Text size="sm" lineClamp={2}>
          {o.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)).join(', ')}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('shop.orders.fields.amount'),
      render: (o) => <span style={nowrap}>{o.amount.formatted}</span>,
    },
    {
      key: 'status',
      header: t('shop.orders.fields.status'),
      render: (o) => (
        <span style={nowrap}>
          <OrderStatusBadge status={o.status} />
        </span>
      ),
    },
    ...(area === 'm'
      ? [
          {
            key: 'user',
            header: t('shop.orders.fields.user'),
            wide: true,
            render: (o: OrderRecord) => <Text size="sm">{buyers.data?.get(o.user_id) ?? ''}</Text>,
          },
        ]
      : []),
    {
      key: 'date',
      header: t('shop.orders.fields.created_at'),
      wide: true,
      render: (o) => (o.created_at ? format.dateTime(o.created_at) : ''),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={area === 'm' ? t('shop.orders.title') : t('shop.orders.mine')}
        description={
          list.data ? t('shop.orders.total', { count: list.data.total }) : t('shop.orders.description')
        }
        toolbar={
          area === 'm' && !search
            ? [{ key: 'search', label: t('shop.orders.search'), to: '/m/orders/search', variant: 'default' }]
            : []
        }
      />
      {area === 'm' ? (
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('shop.orders.search')}
            placeholder={t('shop.orders.searchHint')}
            value={typed}
            autoFocus={search}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              update({ query: event.currentTarget.value.trim(), page: '' });
            }}
            w={320}
            data-testid="orders-search"
          />
          <Select
            label={t('shop.orders.fields.status')}
            placeholder={t('shop.orders.anyStatus')}
            clearable
            w={200}
            data={ORDER_STATUSES.map((s) => ({ value: s, label: t(`shop.orders.statuses.${s}`) }))}
            value={status || null}
            onChange={(value) => update({ status: value ?? '', page: '' })}
            data-testid="orders-status"
          />
        </Group>
      ) : null}
      <PagedTable
        label={t('shop.orders.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(o) => o.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => update({ page: String(next) })}
        empty={query || status ? t('shop.orders.nothingFound') : t('shop.orders.empty')}
      />
    </Stack>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** An order's view: state, totals, items, the customer (when shipped), payments; the manager may refund. */
export function OrderViewPage({ area }: { area: 'm' | 's' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const id = useParams().order ?? '';
  const order = useQuery({ ...orderQuery(id), meta: { errorToast: false } });
  const customer = useQuery({
    ...orderCustomerQuery(id, Boolean(order.data?.customer_id)),
    meta: { errorToast: false },
  });
  const cities = useQuery({ ...citiesQuery(), enabled: Boolean(order.data?.customer_id) });
  const buyer = useQuery({
    ...buyersQuery(area === 'm' && order.data ? [order.data.user_id] : []),
    meta: { errorToast: false },
  });
  const refund = useMutation({
    mutationFn: () => refundOrder(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQuery(id).queryKey, answer.entity);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'page'] });
      notifySuccess(t('shop.orders.refunded'));
    },
  });
  if (order.isPending) return <Skeleton height={320} radius="md" />;
  if (!order.data) return <PageHeading title={t('shop.orders.missing')} />;
  const o = order.data;
  const c = customer.data;
  const currency = o.currency_id;
  return (
    <Stack gap="md">
      <PageHeading
        title={t('shop.orders.one', { id: o.id.slice(0, 8) })}
        description={o.created_at ? format.dateTime(o.created_at) : undefined}
        toolbar={
          area === 'm' && o.is_paid && o.status !== 'refunded'
            ? [
                {
                  key: 'refund',
                  label: t('shop.orders.refund'),
                  variant: 'default',
                  color: 'orange',
                  onClick: () =>
                    void confirmAction({
                      title: t('shop.orders.refund'),
                      message: t('shop.orders.refundConfirm'),
                      danger: true,
                    }).then((yes) => yes && refund.mutate()),
                },
              ]
            : []
        }
      />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, sm: area === 'm' ? 5 : 4 }} spacing="md">
          {area === 'm' ? (
            <Fact label={t('shop.orders.fields.user')} testId="order-buyer">
              {buyer.data?.get(o.user_id) ?? ''}
            </Fact>
          ) : null}
          <Fact label={t('shop.orders.fields.status')}>
            <OrderStatusBadge status={o.status} />
          </Fact>
          <Fact label={t('shop.orders.fields.amount')} testId="order-amount">
            {o.amount.formatted}
          </Fact>
          <Fact label={t('shop.orders.fields.savings')}>
            {o.savings.raw > 0 ? o.savings.formatted : '—'}
            {o.promocode ? ` (${o.promocode})` : ''}
          </Fact>
          <Fact label={t('shop.orders.fields.delivery')}>
            {o.delivery_amount.raw > 0 ? o.delivery_amount.formatted : '—'}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('shop.orders.fields.items')}
        </Title>
        <Table data-testid="order-items">
          <Table.Tbody>
            {o.items.map((item) => (
              <Table.Tr key={item.product_id}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{t('shop.basket.quantity', { n: item.quantity })}</Table.Td>
                <Table.Td ta="right">{formatMinor(item.price * item.quantity, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {o.customer_id ? (
        <Paper withBorder radius="md" p="lg" data-testid="order-customer">
          <Title order={2} size="h4" mb="sm">
            {t('shop.orders.customer')}
          </Title>
          {c ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Fact label={t('shop.basket.recipient')}>
                {[c.lastname, c.firstname, c.patronymic].filter(Boolean).join(' ')}
              </Fact>
              <Fact label={t('shop.basket.city')}>
                {cities.data?.find((x) => x.id === c.city_id)?.name ?? c.city_id}
              </Fact>
              <Fact label={t('shop.basket.address')}>{c.address_1}</Fact>
              {c.phone ? <Fact label={t('shop.orders.phone')}>{c.phone}</Fact> : null}
              {c.comment ? <Fact label={t('shop.basket.comment')}>{c.comment}</Fact> : null}
              {c.geo_lat !== null && c.geo_lng !== null ? (
                <Fact label={t('shop.orders.point')}>
                  {c.geo_lat.toFixed(5)}, {c.geo_lng.toFixed(5)}
                </Fact>
              ) : null}
            </SimpleGrid>
          ) : (
            <Skeleton height={60} />
          )}
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('shop.orders.payments')}
        </Title>
        {(o.payments ?? []).length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('shop.orders.noPayments')}
          </Text>
        ) : (
          <Table data-testid="order-payments">
            <Table.Tbody>
              {(o.payments ?? []).map((p) => (
                <Table.Tr key={p.payment_id}>
                  <Table.Td ff="monospace">{p.payment_id.slice(0, 8)}</Table.Td>
                  <Table.Td>{formatMinor(p.amount, p.currency)}</Table.Td>
                  <Table.Td>
                    {t(`shop.orders.paymentStatuses.${p.status}`, { defaultValue: p.status })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {o.refused_callbacks ? (
          <Text size="sm" c="orange" mt="xs">
            {t('shop.orders.refusedCallbacks', { count: o.refused_callbacks })}
          </Text>
        ) : null}
      </Paper>
      <Group>
        <Button component={Link} to={`/${area}/orders`} variant="default">
          {t('shop.orders.back')}
        </Button>
      </Group>
    </Stack>
  );
}
