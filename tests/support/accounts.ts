/**
 * Accounts for tests: a cookie jar tRPC client that behaves like a same-origin browser
 * (sends `Origin`, keeps `Set-Cookie`), and accounts created straight through the hub's services.
 */
import { createTRPCClient, createWSClient, httpBatchLink, wsLink, TRPCClientError } from '@trpc/client';
import { createTransformer } from '@bianshi/shared';
import WebSocket from 'ws';
import type { AppRouter } from '../../hub/src/app.router';
import type { TestHub } from './hub';
import type { HubClient } from './trpc';

/** Cookies by name, fed from Set-Cookie headers (expired ones removed). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Stores the cookies of a response's Set-Cookie headers. */
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header value. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** What a browser-like client sends besides cookies. */
export interface BrowserLikeOptions {
  /** `Origin` header; the hub's own origin by default, null for none. */
  origin?: string | null;
  /** Extra headers (e.g. `sec-fetch-site`, `authorization`). */
  headers?: Record<string, string>;
  /** Every Set-Cookie line the hub sent, in order. */
  setCookieLog?: string[];
}

/** A tRPC HTTP client with a cookie jar, like a browser on the hub's own origin. */
export function browserClient(
  hub: Pick<TestHub, 'url'>,
  jar = new CookieJar(),
  options: BrowserLikeOptions = {},
): { client: HubClient; jar: CookieJar } {
  const origin = options.origin === undefined ? hub.url : options.origin;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${hub.url}/api/trpc`,
        transformer: createTransformer(),
        headers: () => ({
          ...(origin ? { origin } : {}),
          ...(jar.cookies.size ? { cookie: jar.header() } : {}),
          ...options.headers,
        }),
        fetch: async (url, init) => {
          const response = await fetch(url, init as RequestInit);
          const lines = response.headers.getSetCookie();
          options.setCookieLog?.push(...lines);
          jar.store(lines);
          return response;
        },
      }),
    ],
  });
  return { client, jar };
}

/** A tRPC WebSocket client whose upgrade request carries cookies and an Origin. */
export function socketClient(
  hub: Pick<TestHub, 'wsUrl' | 'url'>,
  options: { cookie?: string; origin?: string | null; accessToken?: string; controlKey?: string } = {},
) {
  const origin = options.origin === undefined ? hub.url : options.origin;
  const headers = { ...(origin ? { origin } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) };
  class HeaderSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const params = {
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    ...(options.controlKey ? { controlKey: options.controlKey } : {}),
  };
  const socket = createWSClient({
    url: hub.wsUrl,
    WebSocket: HeaderSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 200,
    ...(Object.keys(params).length ? { connectionParams: params } : {}),
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: socket, transformer: createTransformer() })],
  });
  return { client, close: () => socket.close() };
}

/** An account created through the hub's services (no rate limits), with its session cookie. */
export interface TestAccount {
  id: string;
  email: string;
  /** `<prefix>-session=<token>` */
  cookie: string;
  /** A same-origin browser-like client signed in as this account. */
  client: HubClient;
}

let counter = 0;

/** Creates a local account directly in the hub and returns a signed-in browser-like client. */
export async function createAccount(
  hub: TestHub,
  label = 'user',
  password = 'correct horse battery',
): Promise<TestAccount> {
  counter += 1;
  const email = `${label}-${counter}-${Date.now()}@bianshi.test`;
  const { user, token } = await hub.services.auth.signUp({ email, password }, 'vitest');
  const jar = new CookieJar();
  jar.cookies.set(hub.services.auth.cookies.session, token);
  return { id: user.id, email, cookie: jar.header(), client: browserClient(hub, jar).client };
}

/**
 * The same account signed in on another hub sharing its database (the session lives there): a
 * browser that reached another hub behind the load balancer.
 */
export function signedInOn(hub: TestHub, account: TestAccount): HubClient {
  const jar = new CookieJar();
  for (const pair of account.cookie.split('; ')) {
    const at = pair.indexOf('=');
    jar.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return browserClient(hub, jar).client;
}

/** How racing calls for a plan's last places ended: how many got in, how many met `plan-limit`. */
export function admittedAndRefused(outcomes: Awaited<ReturnType<typeof outcome>>[]): {
  admitted: number;
  refused: number;
} {
  return {
    admitted: outcomes.filter((result) => result.ok).length,
    refused: outcomes.filter((result) => !result.ok && result.reason === 'plan-limit').length,
  };
}

/** The tRPC error code of a rejected call (e.g. UNAUTHORIZED), or undefined. */
export function trpcCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** Runs a call and returns `{ ok, code, message }` instead of throwing. */
export async function outcome<T>(
  call: Promise<T>,
): Promise<
  { ok: true; value: T } | { ok: false; code: string | undefined; message: string; reason: string | null }
> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    const reason =
      error instanceof TRPCClientError
        ? ((error.data as { reason?: string | null } | undefined)?.reason ?? null)
        : null;
    return {
      ok: false,
      code: trpcCode(error),
      message: error instanceof Error ? error.message : String(error),
      reason,
    };
  }
}
