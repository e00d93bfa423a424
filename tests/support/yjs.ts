/**
 * Real y-websocket clients for tests: `WebsocketProvider` in Node with `ws` as its WebSocket,
 * sending the cookie and Origin a browser on the hub's own origin would send, and collecting
 * the hub's notices (message type 20).
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { YJS_MESSAGE, YJS_PATH, type YjsNotice } from '@bianshi/shared';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { browserClient, CookieJar } from './accounts';
import type { HubClient } from './trpc';

export interface DocClient {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  readonly notices: YjsNotice[];
  /** Close events the provider saw, as `{code, reason}`. */
  readonly closes: { code: number; reason: string }[];
  /** Resolves once the first sync with the hub completed. */
  synced(): Promise<void>;
  close(): void;
}

/** Opens document `documentId` on the hub at `baseUrl` as a browser with `cookie` (and/or an invite token). */
export function openDoc(
  baseUrl: string,
  documentId: string,
  options: { cookie?: string; invite?: string; doc?: Y.Doc; connect?: boolean } = {},
): DocClient {
  const headers = { origin: baseUrl, ...(options.cookie ? { cookie: options.cookie } : {}) };
  class BrowserLikeSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const doc = options.doc ?? new Y.Doc();
  const provider = new WebsocketProvider(baseUrl.replace(/^http/, 'ws') + YJS_PATH, documentId, doc, {
    WebSocketPolyfill: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    params: options.invite ? { invite: options.invite } : {},
    maxBackoffTime: 300,
    // Clients in one process would otherwise also talk over BroadcastChannel, around the hub.
    disableBc: true,
    connect: options.connect ?? true,
  });
  const notices: YjsNotice[] = [];
  const closes: { code: number; reason: string }[] = [];
  provider.messageHandlers[YJS_MESSAGE.notice] = (_encoder, decoder) => {
    notices.push(JSON.parse(decoding.readVarString(decoder)) as YjsNotice);
  };
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  return {
    doc,
    provider,
    notices,
    closes,
    synced: () =>
      new Promise<void>((resolve) => {
        if (provider.synced) return resolve();
        const onSync = (state: boolean) => {
          if (!state) return;
          provider.off('sync', onSync);
          resolve();
        };
        provider.on('sync', onSync);
      }),
    close: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** An account made through the hub's HTTP API (works on hub processes too), signed in. */
export async function signUpOver(
  baseUrl: string,
  label: string,
): Promise<{ id: string; cookie: string; client: HubClient }> {
  const jar = new CookieJar();
  const { client } = browserClient({ url: baseUrl }, jar, { headers: { 'user-agent': 'vitest' } });
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@bianshi.test`;
  const result = await client.auth.signUp.mutate({
    email,
    password: 'correct horse battery',
    displayName: label,
  });
  return { id: result.id, cookie: jar.header(), client };
}

/** Opens documents like {@link openDoc} and remembers them, so a suite closes them all at the end. */
export function docClients(): { open: typeof openDoc; closeAll(): void } {
  const clients: DocClient[] = [];
  return {
    open: (...args) => {
      const client = openDoc(...args);
      clients.push(client);
      return client;
    },
    closeAll: () => {
      for (const client of clients.splice(0)) client.close();
    },
  };
}

/** Gives each account its role on a project through an invite link the owner makes. */
export async function joinProject(
  owner: { client: HubClient },
  projectId: string,
  grants: readonly (readonly [{ client: HubClient }, 'viewer' | 'commenter' | 'editor'])[],
): Promise<void> {
  for (const [account, role] of grants) {
    const invite = await owner.client.workbench.createInvite.mutate({ projectId, role, expiresInHours: 24 });
    await account.client.workbench.acceptInvite.mutate({ token: invite.token });
  }
}

/**
 * A raw y-protocol socket on `/api/yjs/<documentId>`, for attacker tests: sends whatever frames
 * it is given (no provider to keep it honest) and records what comes back.
 */
export class RawDocSocket {
  readonly notices: YjsNotice[] = [];
  /** Every awareness update received, raw. */
  readonly awareness: Uint8Array[] = [];
  readonly opened: Promise<void>;
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Whether the hub let the socket in (its first sync message came) or closed it first. */
  readonly admitted: Promise<boolean>;
  private readonly socket: WebSocket;

  constructor(baseUrl: string, documentId: string, options: { cookie?: string; invite?: string } = {}) {
    const query = options.invite ? `?invite=${encodeURIComponent(options.invite)}` : '';
    this.socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${YJS_PATH}/${documentId}${query}`, {
      headers: { origin: baseUrl, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
    this.socket.on('error', () => {});
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code: number, reason: Buffer) =>
        resolve({ code, reason: reason.toString() }),
      ),
    );
    let admit: (admitted: boolean) => void = () => {};
    this.admitted = new Promise((resolve) => (admit = resolve));
    void this.closed.then(() => admit(false));
    this.socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      const type = decoding.readVarUint(decoder);
      if (type === YJS_MESSAGE.sync) admit(true);
      if (type === YJS_MESSAGE.notice)
        this.notices.push(JSON.parse(decoding.readVarString(decoder)) as YjsNotice);
      else if (type === YJS_MESSAGE.awareness) this.awareness.push(decoding.readVarUint8Array(decoder));
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a Yjs update as a sync `update` message. */
  sendUpdate(update: Uint8Array): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, YJS_MESSAGE.sync);
    syncProtocol.writeUpdate(encoder, update);
    this.send(encoding.toUint8Array(encoder));
  }

  /** Sends an awareness update: `states` by client id, each at its clock. */
  sendAwareness(states: { clientId: number; clock: number; state: unknown }[]): void {
    const body = encoding.createEncoder();
    encoding.writeVarUint(body, states.length);
    for (const { clientId, clock, state } of states) {
      encoding.writeVarUint(body, clientId);
      encoding.writeVarUint(body, clock);
      encoding.writeVarString(body, JSON.stringify(state));
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, YJS_MESSAGE.awareness);
    encoding.writeVarUint8Array(encoder, encoding.toUint8Array(body));
    this.send(encoding.toUint8Array(encoder));
  }

  /** Sends a frame if the socket is still open (an attacker does not stop at a refusal). */
  send(frame: Uint8Array): void {
    if (this.open) this.socket.send(frame);
  }

  close(): void {
    this.socket.close();
  }
}
