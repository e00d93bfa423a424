/** The account's own pages: API tokens (`/account/tokens`). */
export { TokensPage } from './tokens-page';
