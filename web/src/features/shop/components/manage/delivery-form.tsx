import { Select, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../../shared/ui/record-form';
import { RowListEditor } from '../../../../shared/ui/row-list-editor';
import { minorUnitsOf } from '../../model';
import { citiesQuery } from '../../settings-api';
import { cityRowValid, newCityRow, type CityRow, type DeliveryFields } from '../../settings-model';

/** A delivery method: name, description, and the cities it serves with cost, time and currency. */
export function DeliveryForm(props: RecordFormProps<DeliveryFields>) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const cities = useQuery(citiesQuery());
  const set = (change: Partial<DeliveryFields>) => setFields((current) => ({ ...current, ...change }));
  const cityOptions = (cities.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const costError = (row: CityRow) =>
    row.cost !== '' && minorUnitsOf(row.cost) === null ? t('shop.products.badPrice') : undefined;
  return (
    <RecordForm
      {...shellOf(props, fields)}
      canSubmit={fields.name.trim() !== '' && fields.cities.every(cityRowValid)}
      shownFields={['name', 'description', 'city_id', 'cost', 'currency', 'time']}
      submitTestId="delivery-submit"
    >
      <TextInput
        label={t('shop.delivery.fields.name')}
        required
        value={fields.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={props.errors.name}
        data-testid="delivery-name"
      />
      <Textarea
        label={t('shop.delivery.fields.description')}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={props.errors.description}
      />
      <RowListEditor<CityRow>
        title={t('shop.delivery.cities')}
        rows={fields.cities}
        onChange={(rows) => set({ cities: rows })}
        newRow={newCityRow}
        addLabel={t('shop.delivery.addCity')}
        removeLabel={(index) => t('shop.delivery.removeCity', { n: index + 1 })}
        empty={t('shop.delivery.noCities')}
        testId="delivery-cities"
        renderRow={(row, patch, index) => (
          <>
            <Select
              label={t('shop.delivery.fields.city')}
              aria-label={t('shop.delivery.cityN', { n: index + 1 })}
              required
              searchable
              w={200}
              data={cityOptions}
              value={row.city_id || null}
              onChange={(value) => patch({ city_id: value ?? '' })}
            />
            <TextInput
              label={t('shop.delivery.fields.cost')}
              aria-label={t('shop.delivery.costN', { n: index + 1 })}
              required
              w={120}
              inputMode="decimal"
              value={row.cost}
              onChange={(event) => patch({ cost: event.currentTarget.value })}
              error={costError(row)}
            />
            <TextInput
              label={t('shop.delivery.fields.currency')}
              required
              w={80}
              maxLength={3}
              value={row.currency}
              onChange={(event) => patch({ currency: event.currentTarget.value.toUpperCase() })}
            />
            <TextInput
              label={t('shop.delivery.fields.time')}
              aria-label={t('shop.delivery.timeN', { n: index + 1 })}
              required
              w={90}
              inputMode="numeric"
              value={row.time}
              onChange={(event) => patch({ time: event.currentTarget.value.replace(/\D/g, '') })}
            />
          </>
        )}
      />
    </RecordForm>
  );
}
