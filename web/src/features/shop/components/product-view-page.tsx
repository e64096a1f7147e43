import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, records } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconEdit } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { productQuery } from '../api';
import { typedPriceOf } from '../model';
import { SHOP_COLLECTIONS, type OrderRecord } from '../settings-api';
import type { PromoRecord } from '../settings-model';
import { OrderStatusBadge } from './manage/order-pages';

const RECENT_ORDERS = 10;

/** The promo codes that apply to this product: its own and those for every product. */
const promosQuery = (productId: string) => ({
  queryKey: ['promocodes', 'of-product', productId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    records.list<PromoRecord>(SHOP_COLLECTIONS.promocodes, {}, signal),
  select: (all: PromoRecord[]) => all.filter((p) => p.product_id === productId || p.product_id === null),
});

const recentOrdersQuery = (productId: string) => ({
  queryKey: ['orders', 'of-product', productId],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api.get<{ entities: { data: OrderRecord[] } }>('/api/orders', {
        query: { product_id: productId, limit: RECENT_ORDERS },
        signal,
      })
    ).entities.data,
});

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /m/products/view/{product}: the product at a glance (image, price, kind, what buying it grants,
 * stock), the promo codes that apply to it and its recent orders, with the way to edit it.
 */
export function ProductViewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useParams().product ?? '';
  const product = useQuery({ ...productQuery(id), meta: { errorToast: false } });
  const promos = useQuery(promosQuery(id));
  const orders = useQuery(recentOrdersQuery(id));
  if (product.isPending) return <Skeleton height={320} radius="md" />;
  const p = product.data;
  if (!p) return <PageHeading title={t('shop.products.missing')} />;
  const grants = [
    p.course_id ? [t('shop.products.view.course'), p.course_id] : null,
    p.assignment_id ? [t('shop.products.view.assignment'), p.assignment_id] : null,
    p.invite_code_id ? [t('shop.products.view.invite'), p.invite_code_id] : null,
  ].filter((g): g is [string, string] => g !== null);
  return (
    <Stack gap="md" data-testid="product-view">
      <PageHeading
        title={p.name}
        description={p.description ?? undefined}
        toolbar={[
          {
            key: 'edit',
            label: t('shop.products.view.edit'),
            icon: <IconEdit size={18} />,
            to: `/m/products/edit/${p.id}`,
          },
        ]}
      />
      <Card withBorder radius="md" padding="lg">
        <Group align="flex-start" wrap="wrap" gap="xl">
          {p.image ? (
            <Image src={p.image} alt={p.name} w={220} h={160} fit="cover" radius="md" />
          ) : (
            <Card w={220} h={160} radius="md" bg="gray.1" data-testid="product-no-image">
              <Text c="dimmed" size="sm" m="auto">
                {t('shop.products.view.noImage')}
              </Text>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" style={{ flex: '1 1 320px' }}>
            <Fact label={t('shop.products.fields.price')}>
              <span data-testid="product-view-price">{p.price_formatted}</span>
            </Fact>
            <Fact label={t('shop.products.fields.status')}>
              <Badge color={p.status === 'active' ? 'green' : 'gray'} variant="light">
                {t(`shop.products.statuses.${p.status}`)}
              </Badge>
            </Fact>
            <Fact label={t('shop.products.fields.shipment_type')}>
              {t(`shop.products.shipment.${p.shipment_type}`)}
            </Fact>
            <Fact label={t('shop.products.fields.payment_type')}>
              {t(`shop.products.payment.${p.payment_type}`)}
            </Fact>
            <Fact label={t('shop.products.fields.quantity')}>
              <span data-testid="product-view-stock">{p.quantity ?? t('shop.products.unlimited')}</span>
            </Fact>
            <Fact label={t('shop.products.view.grants')}>
              {grants.length === 0 ? (
                <Text c="dimmed">{t('shop.products.view.nothing')}</Text>
              ) : (
                <Stack gap={2} data-testid="product-view-grants">
                  {grants.map(([label, value]) => (
                    <Text key={label} size="sm">
                      {label}: <code>{value}</code>
                    </Text>
                  ))}
                </Stack>
              )}
            </Fact>
          </SimpleGrid>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" data-testid="product-view-promocodes">
          <Title order={2} size="h4" mb="sm">
            {t('shop.products.view.promocodes')}
          </Title>
          {promos.isPending ? (
            <Skeleton height={60} />
          ) : (promos.data ?? []).length === 0 ? (
            <Text c="dimmed">{t('shop.products.view.noPromocodes')}</Text>
          ) : (
            <Stack gap={4}>
              {promos.data!.map((promo) => (
                <Group key={promo.id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/m/promocodes/edit/${promo.id}`} fw={500}>
                    {promo.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {promo.kind === 'percent'
                      ? `${promo.value} %`
                      : `${typedPriceOf(promo.value)} ${promo.currency ?? ''}`.trim()}
                    {promo.product_id === null ? ` · ${t('shop.promocodes.allProducts')}` : ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg" data-testid="product-view-orders">
          <Title order={2} size="h4" mb="sm">
            {t('shop.products.view.orders')}
          </Title>
          {orders.isPending ? (
            <Skeleton height={60} />
          ) : (orders.data ?? []).length === 0 ? (
            <Text c="dimmed">{t('shop.products.view.noOrders')}</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {orders.data!.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/m/orders/${order.id}`} size="sm">
                        {order.id.slice(0, 8)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>{order.amount.formatted}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {order.created_at ? format.dateTime(order.created_at) : ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
