/**
 * A webhook receiver for tests: a real HTTP server that verifies every delivery the Standard
 * Webhooks way (the `standardwebhooks` package, as an integrator's receiver would) and answers
 * with the status the test sets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery attempt as received. */
export interface ReceivedDelivery {
  id: string;
  /** True when the signature verified with the secret the test registered. */
  verified: boolean;
  status: number;
  body: { type: string; timestamp: string; data: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read per case
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedDelivery[];
  /** The secret signatures are checked with (set once the webhook exists). */
  secret: string;
  /** The status the next deliveries get. */
  status: number;
  /** Attempts that were answered 2xx, by webhook-id. */
  delivered(): Map<string, ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    secret: '',
    status: 200,
    delivered() {
      const byId = new Map<string, ReceivedDelivery[]>();
      for (const delivery of received) {
        if (delivery.status < 200 || delivery.status >= 300) continue;
        byId.set(delivery.id, [...(byId.get(delivery.id) ?? []), delivery]);
      }
      return byId;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      let verified = false;
      try {
        new Webhook(receiver.secret).verify(raw, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const status = receiver.status;
      received.push({
        id: headers['webhook-id'],
        verified,
        status,
        body: JSON.parse(raw) as ReceivedDelivery['body'],
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  (receiver as { url: string }).url =
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/bianshi`;
  return receiver;
}
