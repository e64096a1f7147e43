export { ProductCreatePage, ProductEditPage, ProductsListPage } from './components/product-pages';
export { BasketModal } from './components/basket-modal';
