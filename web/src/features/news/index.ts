export { NewsEditorPage } from './components/news-editor-page';
export { NewsItemPage } from './components/news-item-page';
export { NewsListPage } from './components/news-list-page';
export { NewsHomeBlock } from './components/news-home-block';
