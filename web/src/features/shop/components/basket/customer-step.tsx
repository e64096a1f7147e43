import { Alert, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api';
import {
  basketKeys,
  fetchCities,
  fetchCityDelivery,
  fetchCountries,
  fetchCustomer,
  fetchDeliveryMethods,
  saveCustomer,
  type CustomerFields,
} from '../../basket-api';
import { DEFAULT_ZOOM } from '../../geocoder';
import { AddressField } from './address-field';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The saved customer (or an empty one) as the form's fields. */
function fieldsOf(saved: Record<string, unknown> | null | undefined): CustomerFields {
  return {
    firstname: str(saved?.firstname),
    lastname: str(saved?.lastname),
    country_id: str(saved?.country_id),
    city_id: str(saved?.city_id),
    address_1: str(saved?.address_1),
    comment: str(saved?.comment),
    city_delivery_method_id: str(saved?.city_delivery_method_id),
    geo_lat: numOrNull(saved?.geo_lat),
    geo_lng: numOrNull(saved?.geo_lng),
    geo_zoom: numOrNull(saved?.geo_zoom) ?? DEFAULT_ZOOM,
  };
}

/**
 * The customer step's form (000 §2 customer form, 001 §4): the saved customer or what was typed, the
 * lists it needs, whether it may go on, and its save (`POST /api/order/customer.json`), which the
 * basket's Continue calls before the payment step.
 */
export function useCustomerForm(active: boolean, onSaved: () => void) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: [...basketKeys.all, 'customer'],
    queryFn: fetchCustomer,
    enabled: active,
  });
  const [edited, setEdited] = useState<CustomerFields | null>(null);
  const current = edited ?? fieldsOf(saved.data);
  const set = (change: Partial<CustomerFields>) => setEdited({ ...current, ...change });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => saveCustomer(current),
    onSuccess: () => {
      setErrors({});
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
  const required: (keyof CustomerFields)[] = [
    'firstname',
    'lastname',
    'city_id',
    'address_1',
    'city_delivery_method_id',
  ];
  // 001 §4: the step is allowed once its data has loaded and what it needs is there.
  const ready = !saved.isPending && required.every((key) => String(current[key] ?? '').trim() !== '');
  return {
    current,
    set,
    errors,
    ready,
    loading: saved.isPending,
    saving: save.isPending,
    save: () => save.mutate(),
  };
}
export type CustomerForm = ReturnType<typeof useCustomerForm>;

/**
 * The customer step: country, city, address with its search and map, comment, and the delivery
 * method, a click on which selects it and a second click deselects it.
 */
export function CustomerStep({ form }: { form: CustomerForm }) {
  const { t } = useTranslation();
  const { current, set, errors } = form;
  const countries = useQuery({ queryKey: ['countries'], queryFn: fetchCountries, staleTime: 300_000 });
  const cities = useQuery({
    queryKey: ['cities', 'of', current.country_id],
    queryFn: () => fetchCities(current.country_id),
    staleTime: 300_000,
  });
  const methods = useQuery({ queryKey: ['delivery-methods', 'all'], queryFn: fetchDeliveryMethods });
  const delivery = useQuery({
    queryKey: ['city-delivery', current.city_id],
    queryFn: () => fetchCityDelivery(current.city_id),
    enabled: current.city_id !== '',
  });
  const nameOf = (methodId: string) => methods.data?.find((m) => m.id === methodId)?.name ?? '';
  if (form.loading) return <Text c="dimmed">{t('common.loading')}</Text>;
  return (
    <Stack gap="xs" data-testid="basket-customer">
      {/* 001 §3: the original's labels of first and last name are crossed; here each names its own field. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={t('shop.basket.lastname')}
          required
          value={current.lastname}
          onChange={(e) => set({ lastname: e.currentTarget.value })}
          error={errors.lastname}
        />
        <TextInput
          label={t('shop.basket.firstname')}
          required
          value={current.firstname}
          onChange={(e) => set({ firstname: e.currentTarget.value })}
          error={errors.firstname}
        />
        <Select
          label={t('shop.basket.country')}
          searchable
          clearable
          data={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={current.country_id || null}
          onChange={(value) => set({ country_id: value ?? '', city_id: '', city_delivery_method_id: '' })}
          error={errors.country_id}
          data-testid="basket-country"
        />
        <Select
          label={t('shop.basket.city')}
          required
          searchable
          disabled={(cities.data ?? []).length === 0}
          data={(cities.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={current.city_id || null}
          onChange={(value) =>
            set({
              city_id: value ?? '',
              city_delivery_method_id: '',
              geo_lat: null,
              geo_lng: null,
              geo_zoom: DEFAULT_ZOOM,
            })
          }
          error={errors.city_id}
          data-testid="basket-city"
        />
      </SimpleGrid>
      <AddressField
        cityId={current.city_id}
        value={{
          address: current.address_1,
          lat: current.geo_lat,
          lng: current.geo_lng,
          zoom: current.geo_zoom,
        }}
        onChange={(v) => set({ address_1: v.address, geo_lat: v.lat, geo_lng: v.lng, geo_zoom: v.zoom })}
        error={errors.address_1}
      />
      <Textarea
        label={t('shop.basket.comment')}
        autosize
        minRows={1}
        value={current.comment}
        onChange={(e) => set({ comment: e.currentTarget.value })}
        error={errors.comment}
      />
      {current.city_id ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('shop.basket.delivery')}
          </Text>
          {(delivery.data ?? []).length === 0 && !delivery.isPending ? (
            <Alert color="orange" data-testid="basket-no-delivery">
              {t('shop.basket.noDelivery')}
            </Alert>
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2 }}
              spacing="xs"
              role="radiogroup"
              aria-label={t('shop.basket.delivery')}
            >
              {(delivery.data ?? []).map((d) => {
                const selected = current.city_delivery_method_id === d.id;
                return (
                  <Paper
                    key={d.id}
                    withBorder
                    p="sm"
                    radius="md"
                    role="radio"
                    aria-checked={selected}
                    tabIndex={0}
                    style={{
                      cursor: 'pointer',
                      borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
                      background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                    }}
                    // 000 §2: a click toggles the selection.
                    onClick={() => set({ city_delivery_method_id: selected ? '' : d.id })}
                    onKeyDown={(e) => {
                      if (e.key === ' ' || e.key === 'Enter') {
                        e.preventDefault();
                        set({ city_delivery_method_id: selected ? '' : d.id });
                      }
                    }}
                    data-testid="delivery-option"
                  >
                    <Text fw={500} size="sm">
                      {nameOf(d.delivery_method_id) || t('shop.basket.delivery')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('shop.basket.deliveryOption', { cost: d.cost.formatted, days: d.time })}
                    </Text>
                  </Paper>
                );
              })}
            </SimpleGrid>
          )}
          {errors.city_delivery_method_id ? (
            <Text size="xs" c="red">
              {errors.city_delivery_method_id}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
