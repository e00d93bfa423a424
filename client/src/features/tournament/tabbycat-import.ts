/** 从 Tabbycat 导入 (`/worldcup/new/tabbycat`): an entry of its own, loaded only by that page. */
export { TabbycatImportPage } from './components/tabbycat-import-page';
