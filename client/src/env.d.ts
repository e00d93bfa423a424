/// <reference types="vite/client" />

/** Id of this build (a digest of its sources), `dev` under the dev server. Set by build/builds-plugin.ts. */
declare const __BUILD_ID__: string;
/** client/package.json version. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Public URL of the site, for canonical links. Default http://localhost:3000. */
  readonly VITE_SITE_URL?: string;
  /** Analytics collector; nothing is sent when unset. */
  readonly VITE_ANALYTICS_URL?: string;
  /** Website id sent with every analytics event. */
  readonly VITE_ANALYTICS_WEBSITE_ID?: string;
  /** Customer-service link in the docs panel. */
}
