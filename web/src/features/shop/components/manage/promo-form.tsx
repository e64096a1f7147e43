import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { records } from '../../../../shared/api';
import { RecordForm, shellOf, type RecordFormProps } from '../../../../shared/ui/record-form';
import { PRODUCTS } from '../../api';
import type { ProductRecord } from '../../model';
import { promoValueOf, type PromoFields } from '../../settings-model';
import { CurrencyField, LabelledChoice, NameAndDescription } from '../form-fields';

/** A promo code: what the buyer types, percent or amount, the product it is for, limits and expiry. */
export function PromoForm(props: RecordFormProps<PromoFields>) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const products = useQuery({
    queryKey: [PRODUCTS, 'all'],
    queryFn: ({ signal }) => records.list<ProductRecord>(PRODUCTS, {}, signal),
  });
  const set = (change: Partial<PromoFields>) => setFields((current) => ({ ...current, ...change }));
  const valueOk = promoValueOf(fields) !== null;
  const count = (value: string) => value.replace(/\D/g, '').slice(0, 8);
  return (
    <RecordForm
      {...shellOf(props, fields)}
      canSubmit={fields.name.trim() !== '' && valueOk}
      shownFields={[
        'name',
        'description',
        'kind',
        'value',
        'currency',
        'product_id',
        'max_uses',
        'max_uses_per_user',
        'expires_at',
      ]}
      submitTestId="promo-submit"
    >
      <NameAndDescription
        labels={{
          name: t('shop.promocodes.fields.name'),
          description: t('shop.promocodes.fields.description'),
          nameHint: t('shop.promocodes.nameHint'),
        }}
        name={fields.name}
        description={fields.description}
        errors={props.errors}
        nameTestId="promo-name"
        onChange={set}
      />
      <LabelledChoice
        label={t('shop.promocodes.fields.kind')}
        value={fields.kind}
        onChange={(kind) => set({ kind })}
        data={(['percent', 'amount'] as const).map((value) => ({
          value,
          label: t(`shop.promocodes.kinds.${value}`),
        }))}
      />
      <TextInput
        label={t(`shop.promocodes.value.${fields.kind}`)}
        required
        inputMode="decimal"
        value={fields.value}
        onChange={(event) => set({ value: event.currentTarget.value })}
        error={
          props.errors.value ??
          (fields.value !== '' && !valueOk ? t(`shop.promocodes.badValue.${fields.kind}`) : undefined)
        }
        data-testid="promo-value"
      />
      {fields.kind === 'amount' ? (
        <CurrencyField
          label={t('shop.promocodes.fields.currency')}
          value={fields.currency}
          error={props.errors.currency}
          onChange={(currency) => set({ currency })}
        />
      ) : null}
      <Select
        label={t('shop.promocodes.fields.product_id')}
        placeholder={t('shop.promocodes.allProducts')}
        clearable
        searchable
        data={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={fields.product_id || null}
        onChange={(value) => set({ product_id: value ?? '' })}
        error={props.errors.product_id}
      />
      <TextInput
        label={t('shop.promocodes.fields.max_uses')}
        description={t('shop.promocodes.unlimitedHint')}
        inputMode="numeric"
        value={fields.max_uses}
        onChange={(event) => set({ max_uses: count(event.currentTarget.value) })}
        error={props.errors.max_uses}
      />
      <TextInput
        label={t('shop.promocodes.fields.max_uses_per_user')}
        description={t('shop.promocodes.unlimitedHint')}
        inputMode="numeric"
        value={fields.max_uses_per_user}
        onChange={(event) => set({ max_uses_per_user: count(event.currentTarget.value) })}
        error={props.errors.max_uses_per_user}
      />
      <TextInput
        type="date"
        label={t('shop.promocodes.fields.expires_at')}
        description={t('shop.promocodes.expiresHint')}
        value={fields.expires_on}
        onChange={(event) => set({ expires_on: event.currentTarget.value })}
        error={props.errors.expires_at}
      />
    </RecordForm>
  );
}
