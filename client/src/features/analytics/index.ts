export { usePageViews } from './hooks/use-page-views';
export { track } from './tracker';
