import { Badge, Button } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { records } from '../../../shared/api';
import { PRODUCTS } from '../api';
import { addItem, basketKeys } from '../basket-api';
import { openBasket } from '../basket-store';
import type { ProductRecord } from '../model';
import { productFor } from '../product-for';
import { grantsQuery } from '../use-granted';

/**
 * "Buy" where a course or a prepaid assignment is sold (docs/shop.md "Screens"): adds its product to
 * the basket and opens the basket. Shows "Куплено" once the caller's paid order granted it; nothing when
 * the school sells nothing for it.
 */
export function BuyButton({ courseId, assignmentId }: { courseId?: string; assignmentId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: [PRODUCTS, 'on-sale', courseId ?? '', assignmentId ?? ''],
    // Only the products that grant this course or assignment (the list filters by both).
    queryFn: ({ signal }) =>
      records.list<ProductRecord>(
        PRODUCTS,
        courseId
          ? { status: 'active', course_id: courseId }
          : { status: 'active', assignment_id: assignmentId },
        signal,
      ),
    meta: { errorToast: false },
  });
  const grants = useQuery(grantsQuery);
  const product = productFor(products.data ?? [], { courseId, assignmentId });
  const buy = useMutation({
    mutationFn: () => addItem(product!.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
      openBasket();
    },
  });
  if (!product || !grants.data) return null;
  const owned = grants.data.some(
    (g) =>
      g.product_id === product.id ||
      (courseId && g.course_id === courseId) ||
      (assignmentId && g.assignment_id === assignmentId),
  );
  if (owned)
    return (
      <Badge color="green" variant="light" style={{ alignSelf: 'flex-start' }} data-testid="bought">
        {t('shop.buy.owned')}
      </Badge>
    );
  return (
    <Button
      onClick={() => buy.mutate()}
      loading={buy.isPending}
      style={{ alignSelf: 'flex-start' }}
      data-testid="buy-button"
    >
      {t('shop.buy.button', { price: product.price_formatted })}
    </Button>
  );
}
