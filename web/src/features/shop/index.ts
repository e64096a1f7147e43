export { ProductCreatePage, ProductEditPage, ProductsListPage } from './components/product-pages';
