import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { showErrorToast } from '../../../shared/api';
import { IconBasket } from '../../../shared/ui/icons';
import { addItem, basketKeys, fetchCatalogue, fetchTotal } from '../basket-api';
import { openBasket } from '../basket-store';
import { ensureGuestSession } from '../guest-session';
import { useGuestBasketMerge } from '../use-guest-merge';
import { BasketModal } from './basket/basket-modal';
import { useSession } from '../../../shared/session';

/**
 * Ours (docs/shop.md): a school's shop page, open to everyone at `/shop/{school}`. A guest adds
 * products to a basket kept under a session id; paying asks to sign in, and the basket then merges
 * into the user's.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schoolId = useParams().school ?? '';
  const signedIn = useSession((s) => s.accessToken !== null);
  useGuestBasketMerge();
  const catalogue = useQuery({
    queryKey: ['shop-catalogue', schoolId],
    queryFn: () => fetchCatalogue(schoolId),
  });
  const total = useQuery({ queryKey: [...basketKeys.all, 'total'], queryFn: fetchTotal });
  const add = useMutation({
    mutationFn: (productId: string) => {
      if (!signedIn) ensureGuestSession();
      return addItem(productId);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
    onError: showErrorToast,
  });
  return (
    <Stack gap="lg" data-testid="shop-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('shop.guest.title')}</Title>
        <Button
          leftSection={<IconBasket size={18} />}
          variant="light"
          onClick={openBasket}
          data-testid="shop-basket"
        >
          {t('shop.guest.basket', { total: total.data?.total.formatted ?? '—' })}
        </Button>
      </Group>
      {catalogue.data && catalogue.data.length === 0 ? <Text c="dimmed">{t('shop.guest.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {(catalogue.data ?? []).map((product) => (
          <Card key={product.id} withBorder radius="md" padding="lg" data-testid="shop-product">
            {product.image ? (
              <Card.Section mb="sm">
                <Image src={product.image} alt={product.name} h={140} fit="cover" />
              </Card.Section>
            ) : null}
            <Stack gap="xs">
              <Text fw={600}>{product.name}</Text>
              {product.description ? (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {product.description}
                </Text>
              ) : null}
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6}>
                  <Text fw={700}>{product.price.formatted}</Text>
                  <Badge variant="light" color={product.shipment_type === 'physical' ? 'orange' : 'blue'}>
                    {t(
                      `shop.products.shipment.${product.shipment_type === 'physical' ? 'physical' : 'digital'}`,
                    )}
                  </Badge>
                </Group>
                <Button
                  size="xs"
                  loading={add.isPending && add.variables === product.id}
                  onClick={() => add.mutate(product.id)}
                  data-testid="shop-add"
                >
                  {t('shop.guest.add')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <BasketModal opened={false} onClose={() => undefined} />
    </Stack>
  );
}
