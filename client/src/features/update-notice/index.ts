export { useUpdateNotice } from './hooks/use-update-notice';
