/** 流程单: flow sheets from a format's stages, shared live, bound to a running timer. */
export { CcfIndexPage } from './components/ccf-index-page';
export { CcfSheetPage } from './components/ccf-sheet-page';
