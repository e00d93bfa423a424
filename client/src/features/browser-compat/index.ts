export { BrowserCompatDialog } from './components/browser-compat-dialog';
export { detectBrowserIssue } from './detect';
