/** Route modules of the auth pages (lazy-loaded by app/router.tsx). */
export { CallbackPage } from './components/callback-page';
export { InvitePage } from './components/invite-page';
export { LoginPage } from './components/login-page';
export { LogoutPage } from './components/logout-page';
export { RedirectPage } from './components/redirect-page';
