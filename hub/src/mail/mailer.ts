import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';

/** One message the hub sends: plain text (every mail client shows it) with the same text as HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * How the hub sends mail. Off (`enabled` false) when SMTP_URL is unset: nothing is sent and the
 * features that need mail (verification, sign-in links) say so instead of pretending.
 */
export interface Mailer {
  readonly enabled: boolean;
  /**
   * Queues a message and returns at once: callers answer the request without waiting, so the
   * answer's timing never depends on whether a message was sent (or to whom). Failures are logged.
   */
  send(message: MailMessage): void;
  /** Waits for queued messages and closes the SMTP connection. */
  close(): Promise<void>;
}

/** The mailer of a hub without SMTP_URL. */
export const noMailer: Mailer = {
  enabled: false,
  send: () => {},
  close: async () => {},
};

/** The sender when MAIL_FROM is unset: `辩时 <no-reply@<SITE_URL's host, or localhost>>`. */
export function mailFrom(config: Pick<Config, 'MAIL_FROM' | 'SITE_URL'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.SITE_URL ? new URL(config.SITE_URL).hostname : 'localhost';
  return `辩时 <no-reply@${host}>`;
}

/** Sends through the SMTP server of SMTP_URL with nodemailer (one pooled connection). */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SITE_URL'>,
  logger: Logger,
): Mailer {
  if (!config.SMTP_URL) return noMailer;
  const from = mailFrom(config);
  const transport: Transporter = createTransport(config.SMTP_URL, { from });
  const pending = new Set<Promise<void>>();
  return {
    enabled: true,
    send(message) {
      const sending = transport
        .sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: htmlOf(message.text),
        })
        .then(() => logger.info('mail sent', { subject: message.subject }))
        .catch((error: unknown) =>
          logger.warn('mail not sent', {
            subject: message.subject,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.all(pending);
      transport.close();
    },
  };
}

/** The plain text as simple HTML: escaped, paragraphs kept, links clickable. */
function htmlOf(text: string): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const paragraphs = text.split(/\n{2,}/).map((paragraph) =>
    escape(paragraph)
      .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>'),
  );
  return `<!doctype html><html lang="zh-CN"><body style="font-family:sans-serif;line-height:1.6">${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}</body></html>`;
}
