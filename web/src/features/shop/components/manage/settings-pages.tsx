import { Anchor, Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { records } from '../../../../shared/api';
import { typedPriceOf } from '../../model';
import { cityDeliveryOf, citiesQuery, SHOP_COLLECTIONS } from '../../settings-api';
import {
  changesOf,
  cityChanges,
  cityRowOf,
  emptyDelivery,
  emptyPromo,
  emptyProvider,
  promoBody,
  promoFieldsOf,
  providerBody,
  providerFieldsOf,
  type CityDeliveryRecord,
  type DeliveryFields,
  type DeliveryMethodRecord,
  type PromoRecord,
  type ProviderRecord,
} from '../../settings-model';
import { DeliveryForm } from './delivery-form';
import { PromoForm } from './promo-form';
import { ProviderForm } from './provider-form';
import { makeRecordPages, plainSave } from './record-pages';

const nameLink = (path: string, record: { id: string; name: string }) => (
  <Anchor component={Link} to={`${path}/edit/${record.id}`} fw={500}>
    {record.name}
  </Anchor>
);

/** /m/payments: the school's payment providers (001 §3 Payment provider). */
export const ProviderPages = makeRecordPages<ProviderRecord, typeof emptyProvider>({
  collection: SHOP_COLLECTIONS.providers,
  path: '/m/payments',
  param: 'payment',
  texts: 'shop.providers',
  columns: (t) => [
    { key: 'name', header: t('shop.providers.fields.name'), render: (p) => nameLink('/m/payments', p) },
    {
      key: 'type',
      header: t('shop.providers.fields.type'),
      render: (p) => (
        <Badge variant="light">
          {t(`shop.providers.types.${p.type as 'test'}`, { defaultValue: p.type })}
        </Badge>
      ),
    },
    {
      key: 'description',
      header: t('shop.providers.fields.description'),
      wide: true,
      render: (p) => <Text size="sm">{p.description ?? ''}</Text>,
    },
  ],
  Form: ProviderForm,
  empty: emptyProvider,
  fieldsOf: providerFieldsOf,
  ...plainSave(SHOP_COLLECTIONS.providers, providerBody, (a, b) => changesOf(providerBody, a, b)),
});

/** A delivery method's cities in its list row: "Алматы 1 500 KZT, 2 дн." */
function DeliveryCities({ id }: { id: string }) {
  const { t } = useTranslation();
  const rows = useQuery(cityDeliveryOf(id));
  const cities = useQuery(citiesQuery());
  const nameOf = (cityId: string) => cities.data?.find((c) => c.id === cityId)?.name ?? cityId;
  if (!rows.data) return null;
  return (
    <Text size="sm" data-testid="delivery-city-summary">
      {rows.data
        .map((r) =>
          t('shop.delivery.cityCost', { city: nameOf(r.city_id), cost: r.cost.formatted, days: r.time }),
        )
        .join('; ') || '—'}
    </Text>
  );
}

/** Saves a delivery method, then its cities: new ones created, changed ones updated, dropped ones deleted. */
async function saveDelivery(id: string | null, before: DeliveryFields | null, after: DeliveryFields) {
  const method = { name: after.name.trim(), description: after.description.trim() || null };
  let methodId = id;
  if (!methodId) methodId = (await records.create<{ id: string }>(SHOP_COLLECTIONS.delivery, method)).id;
  else {
    const changed = changesOf(
      (f: DeliveryFields) => ({ name: f.name.trim(), description: f.description.trim() || null }),
      before!,
      after,
    );
    if (Object.keys(changed).length > 0) await records.update(SHOP_COLLECTIONS.delivery, methodId, changed);
  }
  const saved = id
    ? await records.list<CityDeliveryRecord>(SHOP_COLLECTIONS.cityDelivery, { delivery_method_id: id })
    : [];
  const plan = cityChanges(saved, after.cities, methodId);
  for (const body of plan.create) await records.create(SHOP_COLLECTIONS.cityDelivery, body);
  for (const { id: rowId, body } of plan.update)
    await records.update(SHOP_COLLECTIONS.cityDelivery, rowId, body);
  for (const rowId of plan.remove) await records.remove(SHOP_COLLECTIONS.cityDelivery, rowId);
}

/** /m/delivery: delivery methods with the cities they serve (cost, days, currency). */
export const DeliveryPages = makeRecordPages<DeliveryMethodRecord, DeliveryFields>({
  collection: SHOP_COLLECTIONS.delivery,
  path: '/m/delivery',
  param: 'delivery',
  texts: 'shop.delivery',
  columns: (t) => [
    { key: 'name', header: t('shop.delivery.fields.name'), render: (d) => nameLink('/m/delivery', d) },
    {
      key: 'cities',
      header: t('shop.delivery.citiesColumn'),
      render: (d) => <DeliveryCities id={d.id} />,
    },
    {
      key: 'description',
      header: t('shop.delivery.fields.description'),
      wide: true,
      render: (d) => <Text size="sm">{d.description ?? ''}</Text>,
    },
  ],
  Form: DeliveryForm,
  empty: emptyDelivery,
  fieldsOf: (d) => ({ name: d.name, description: d.description ?? '', cities: [] }),
  useExtra: (id) => {
    const rows = useQuery(cityDeliveryOf(id));
    return { pending: rows.isPending, fields: rows.data ? { cities: rows.data.map(cityRowOf) } : undefined };
  },
  create: (fields) => saveDelivery(null, null, fields),
  update: (id, before, after) => saveDelivery(id, before, after),
});

/** Our /m/promocodes: the school's promo codes (docs/shop.md), reached from the products page. */
export const PromoPages = makeRecordPages<PromoRecord, typeof emptyPromo>({
  collection: SHOP_COLLECTIONS.promocodes,
  path: '/m/promocodes',
  param: 'promocode',
  texts: 'shop.promocodes',
  columns: (t) => [
    { key: 'name', header: t('shop.promocodes.fields.name'), render: (p) => nameLink('/m/promocodes', p) },
    {
      key: 'value',
      header: t('shop.promocodes.discount'),
      render: (p) =>
        p.kind === 'percent' ? `${p.value} %` : `${typedPriceOf(p.value)} ${p.currency ?? ''}`.trim(),
    },
    {
      key: 'limits',
      header: t('shop.promocodes.limits'),
      wide: true,
      render: (p) =>
        t('shop.promocodes.limitsValue', {
          all: p.max_uses ?? '∞',
          user: p.max_uses_per_user ?? '∞',
        }),
    },
    {
      key: 'expires',
      header: t('shop.promocodes.fields.expires_at'),
      wide: true,
      render: (p) => (p.expires_at ? p.expires_at.slice(0, 10) : t('shop.promocodes.noExpiry')),
    },
  ],
  Form: PromoForm,
  empty: emptyPromo,
  fieldsOf: promoFieldsOf,
  ...plainSave(SHOP_COLLECTIONS.promocodes, promoBody, (a, b) => changesOf(promoBody, a, b)),
});
