import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** How long one delivery attempt may take in all (connect, send, first answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_KEEP_CHARS = 500;

/**
 * Addresses a webhook may not reach unless the operator allows private targets: loopback,
 * private ranges, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique
 * local and the unspecified addresses. Otherwise a timer's owner could make the hub call into
 * the network it runs in.
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

/** True for an address a webhook may not reach when private targets are off. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is its IPv4 address.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A DNS lookup for the request itself that refuses private addresses: the address checked is
 * the address connected to, so a name that resolves elsewhere a second time cannot slip past.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
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

/** What one attempt came to: the receiver's status (null: no answer) and the start of its body or the error. */
export interface SendResult {
  status: number | null;
  response: string;
  durationMs: number;
}

/**
 * POSTs one signed delivery. Never throws: a refused address, a timeout or a reset is a result
 * with `status` null. Redirects are not followed (a receiver answers where it was registered).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, response: string): SendResult => ({
    status,
    response: response.slice(0, WEBHOOK_RESPONSE_KEEP_CHARS),
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, 'invalid url'));
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isPrivateAddress(literal))
      return resolve(done(null, `private address refused: ${literal}`));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Bianshi-Webhooks/1',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_RESPONSE_KEEP_CHARS) text += chunk;
        });
        response.on('end', () => resolve(done(response.statusCode ?? null, text)));
        response.on('error', (error) => resolve(done(response.statusCode ?? null, error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(done(null, error.message)));
    request.end(body);
  });
}
