export { ServerCreatePage, ServerEditPage, ServersListPage } from './components/servers-pages';
export { StorageCreatePage, StorageEditPage, StoragesListPage } from './components/storages-pages';
