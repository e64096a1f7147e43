export { ProductCreatePage, ProductEditPage, ProductsListPage } from './components/product-pages';
export { BasketModal } from './components/basket/basket-modal';
export { BuyButton } from './components/buy-button';
export { openBasket } from './basket-store';
export { useGuestBasketMerge } from './use-guest-merge';
