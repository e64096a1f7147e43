import { NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { minorUnitsOf, type PaymentType, type ProductFields, type ShipmentType } from '../model';
import { CurrencyField, LabelledChoice, NameAndDescription } from './form-fields';

/** A product: name, description, status, kind of shipment and payment, price, stock and its course. */
export function ProductForm(props: RecordFormProps<ProductFields>) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const set = (change: Partial<ProductFields>) => setFields((current) => ({ ...current, ...change }));
  const priceOk = minorUnitsOf(fields.price) !== null;
  const priceError =
    props.errors.price ?? (fields.price !== '' && !priceOk ? t('shop.products.badPrice') : undefined);
  return (
    <RecordForm
      {...shellOf(props, fields)}
      canSubmit={fields.name.trim() !== '' && priceOk && /^[A-Za-z]{3}$/.test(fields.currency.trim())}
      shownFields={[
        'name',
        'description',
        'status',
        'shipment_type',
        'payment_type',
        'price',
        'currency',
        'quantity',
        'course_id',
      ]}
      submitTestId="product-submit"
    >
      <NameAndDescription
        labels={{ name: t('shop.products.fields.name'), description: t('shop.products.fields.description') }}
        name={fields.name}
        description={fields.description}
        errors={props.errors}
        nameTestId="product-name"
        onChange={set}
      />
      <LabelledChoice
        label={t('shop.products.fields.status')}
        value={fields.status}
        onChange={(status) => set({ status })}
        data={(['active', 'inactive'] as const).map((value) => ({
          value,
          label: t(`shop.products.statuses.${value}`),
        }))}
      />
      <Select
        label={t('shop.products.fields.shipment_type')}
        allowDeselect={false}
        value={fields.shipment_type}
        onChange={(value) => value && set({ shipment_type: value as ShipmentType })}
        data={(['digital', 'physical'] as const).map((value) => ({
          value,
          label: t(`shop.products.shipment.${value}`),
        }))}
        error={props.errors.shipment_type}
      />
      <Select
        label={t('shop.products.fields.payment_type')}
        allowDeselect={false}
        value={fields.payment_type}
        onChange={(value) => value && set({ payment_type: value as PaymentType })}
        data={(['forever', 'subscription', 'voucher'] as const).map((value) => ({
          value,
          label: t(`shop.products.payment.${value}`),
        }))}
        error={props.errors.payment_type}
      />
      <TextInput
        label={t('shop.products.fields.price')}
        description={t('shop.products.priceHint')}
        required
        inputMode="decimal"
        value={fields.price}
        onChange={(event) => set({ price: event.currentTarget.value })}
        error={priceError}
        data-testid="product-price"
      />
      <CurrencyField
        label={t('shop.products.fields.currency')}
        value={fields.currency}
        error={props.errors.currency}
        onChange={(currency) => set({ currency })}
      />
      <NumberInput
        label={t('shop.products.fields.quantity')}
        description={t('shop.products.quantityHint')}
        min={0}
        allowDecimal={false}
        value={fields.quantity === '' ? '' : Number(fields.quantity)}
        onChange={(value) => set({ quantity: value === '' ? '' : String(value) })}
        error={props.errors.quantity}
      />
      <TextInput
        label={t('shop.products.fields.course_id')}
        description={t('shop.products.courseHint')}
        value={fields.course_id}
        onChange={(event) => set({ course_id: event.currentTarget.value })}
        error={props.errors.course_id}
      />
    </RecordForm>
  );
}
