import { SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { records } from '../../../../shared/api';
import { RecordForm, shellOf, type RecordFormProps } from '../../../../shared/ui/record-form';
import { PRODUCTS } from '../../api';
import type { ProductRecord } from '../../model';
import { promoValueOf, type PromoFields } from '../../settings-model';

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
      <TextInput
        label={t('shop.promocodes.fields.name')}
        description={t('shop.promocodes.nameHint')}
        required
        value={fields.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={props.errors.name}
        data-testid="promo-name"
      />
      <Textarea
        label={t('shop.promocodes.fields.description')}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={props.errors.description}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('shop.promocodes.fields.kind')}
        </Text>
        <SegmentedControl
          value={fields.kind}
          onChange={(kind) => set({ kind: kind as PromoFields['kind'] })}
          data={[
            { value: 'percent', label: t('shop.promocodes.kinds.percent') },
            { value: 'amount', label: t('shop.promocodes.kinds.amount') },
          ]}
        />
      </Stack>
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
        <TextInput
          label={t('shop.promocodes.fields.currency')}
          required
          maxLength={3}
          value={fields.currency}
          onChange={(event) => set({ currency: event.currentTarget.value.toUpperCase() })}
          error={props.errors.currency}
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
