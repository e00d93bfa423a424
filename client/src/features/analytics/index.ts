export { usePageViews } from './hooks/use-page-views';
