/**
 * Requests the hub makes to addresses its users give (webhooks, a Tabbycat site): which
 * addresses are refused unless the operator allows private targets, a DNS lookup that checks
 * the address actually connected to, and a size- and time-capped GET of JSON.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a user-given URL may not reach unless the operator allows private targets:
 * loopback, private ranges, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unique local and the unspecified addresses. Otherwise a user could make the hub call into the
 * network it runs in.
 */
const PRIVATE = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv6');
  }
  return list;
})();

/** True for an address a user-given URL may not reach when private targets are off. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is its IPv4 address.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** True when `url`'s host is written as a private address (`localhost` included). */
export function isPrivateLiteral(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/**
 * A DNS lookup for the request itself that refuses private addresses: the address checked is
 * the address connected to, so a name that resolves elsewhere a second time cannot slip past.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      if (allowed.length === 0)
        return callback(
          Object.assign(new Error(`private address refused: ${hostname}`), { code: 'EPRIVATE' }),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      const first = allowed[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** What a capped GET came to. `failure` is set when no usable answer arrived. */
export type OutboundResponse =
  | { ok: true; status: number; headers: Record<string, string | string[] | undefined>; body: string }
  | { ok: false; failure: 'private' | 'timeout' | 'too-large' | 'unreachable'; detail: string };

/**
 * GETs `url` with `headers`: refused before connecting when its host is a private literal (or
 * resolves only to private addresses) unless `allowPrivate`; the whole exchange within
 * `timeoutMs`; the body cut off (and the answer refused) past `maxBytes`. Redirects are not
 * followed. Never throws.
 */
export function outboundGet(
  url: URL,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number },
): Promise<OutboundResponse> {
  return new Promise((resolve) => {
    if (!options.allowPrivate && isPrivateLiteral(url))
      return resolve({ ok: false, failure: 'private', detail: url.hostname });
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (result: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const request = send(
      url,
      { method: 'GET', headers, lookup: guardedLookup(options.allowPrivate) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          request.destroy();
          return finish({ ok: false, failure: 'too-large', detail: `${declared} bytes` });
        }
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            finish({ ok: false, failure: 'too-large', detail: `over ${options.maxBytes} bytes` });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          finish({
            ok: true,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => finish({ ok: false, failure: 'unreachable', detail: error.message }));
      },
    );
    const deadline = setTimeout(() => {
      request.destroy(new Error('timeout'));
      finish({ ok: false, failure: 'timeout', detail: `${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        failure: error.code === 'EPRIVATE' ? 'private' : 'unreachable',
        detail: error.message,
      }),
    );
    request.end();
  });
}
