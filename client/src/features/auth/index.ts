/** Accounts in the browser: sign-in pages, the global auth guard and the header's account menu. */
export { AccountMenu } from './components/account-menu';
export { useAuthGuard, type GuardState } from './hooks/use-auth-guard';
