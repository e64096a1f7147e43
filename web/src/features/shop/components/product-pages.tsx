import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { clampPage, isApiError } from '../../../shared/api';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import { productQuery, productsPageQuery, saveProduct, shopKeys } from '../api';
import {
  emptyProduct,
  productBody,
  productChanges,
  productFieldsOf,
  type ProductFields,
  type ProductRecord,
} from '../model';
import { ProductForm } from './product-form';

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

/** /m/products: the school's products, 25 a page, with price, kind and stock. */
export function ProductsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(productsPageQuery(requested));
  const columns: Column<ProductRecord>[] = [
    {
      key: 'name',
      header: t('shop.products.fields.name'),
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/m/products/view/${p.id}`} fw={500}>
            {p.name}
          </Anchor>
          {p.status === 'active' ? null : (
            <Badge color="gray" variant="light">
              {t('shop.products.statuses.inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'price', header: t('shop.products.fields.price'), render: (p) => p.price_formatted },
    {
      key: 'kind',
      header: t('shop.products.fields.shipment_type'),
      render: (p) => (
        <Badge variant="light" color={p.shipment_type === 'physical' ? 'orange' : 'blue'}>
          {t(`shop.products.shipment.${p.shipment_type}`)}
        </Badge>
      ),
    },
    {
      key: 'payment',
      header: t('shop.products.fields.payment_type'),
      wide: true,
      render: (p) => t(`shop.products.payment.${p.payment_type}`),
    },
    {
      key: 'quantity',
      header: t('shop.products.fields.quantity'),
      wide: true,
      render: (p) => <Text size="sm">{p.quantity ?? t('shop.products.unlimited')}</Text>,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('shop.products.title')}
        description={
          list.data ? t('shop.products.total', { count: list.data.total }) : t('shop.products.description')
        }
        toolbar={[
          // Promo codes have no menu item of their own (000 §2 has none): they are reached from here.
          { key: 'promocodes', label: t('shop.promocodes.title'), to: '/m/promocodes', variant: 'default' },
          {
            key: 'create',
            label: t('shop.products.create'),
            icon: <IconPlus size={18} />,
            to: '/m/products/create',
          },
        ]}
      />
      <PagedTable
        label={t('shop.products.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(p) => p.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('shop.products.empty')}
      />
    </Stack>
  );
}

/** /m/products/create */
export function ProductCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: ProductFields) => saveProduct(null, productBody(fields)),
    onSuccess: () => {
      notifySuccess(t('shop.products.created'));
      queryClient.removeQueries({ queryKey: shopKeys.pages });
      void navigate('/m/products');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading title={t('shop.products.create')} description={t('shop.products.description')} />
      <ProductForm
        initial={emptyProduct}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/m/products')}
      />
    </>
  );
}

/** /m/products/edit/{product}: only the changed fields are sent. */
export function ProductEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().product ?? '';
  const record = useQuery({ ...productQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: ProductFields) => saveProduct(id, productChanges(record.data!, fields)),
    onSuccess: (saved) => {
      notifySuccess(t('shop.products.saved'));
      queryClient.setQueryData(shopKeys.one(id), saved);
      queryClient.removeQueries({ queryKey: shopKeys.pages });
      void navigate('/m/products');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (record.isPending) return <Skeleton height={320} radius="md" />;
  if (!record.data) return <PageHeading title={t('shop.products.missing')} />;
  return (
    <>
      <PageHeading title={record.data.name} description={record.data.price_formatted} />
      <ProductForm
        initial={productFieldsOf(record.data)}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => update.mutate(fields)}
        onCancel={() => navigate('/m/products')}
      />
    </>
  );
}
