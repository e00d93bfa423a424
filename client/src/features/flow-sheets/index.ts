/** 流程单 (flow sheets, at /ccf and /ccf/:project_id): from a format's stages, shared live, bound to a running timer. */
export { FlowSheetListPage } from './components/flow-sheet-list-page';
export { FlowSheetPage } from './components/flow-sheet-page';
