import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hashKey, newSecretKey } from '../lib/ids';
import { emailLinks, type EmailLinkPurpose } from './auth.schema';

/** How long a mailed link works. */
export const EMAIL_LINK_TTL_MS: Record<EmailLinkPurpose, number> = {
  verify: 24 * 3600_000,
  'sign-in': 15 * 60_000,
};

/**
 * Where a mailed link lands: the sign-in callback page, which POSTs the token (so a mail scanner
 * that fetches links cannot use it up). The token rides in the fragment, which no server or log sees.
 */
export function emailLinkPath(token: string): string {
  return `/auth/callback#token=${token}`;
}

/** Single-use links mailed to an account's address; only the token's sha256 is stored. */
export class EmailLinks {
  constructor(private readonly db: Db) {}

  /** Creates a link for `purpose` and returns its token (for the mail only). */
  async create(input: {
    userId: string;
    email: string;
    purpose: EmailLinkPurpose;
    now: number;
  }): Promise<string> {
    const token = newSecretKey();
    // Links nobody opened in time go when their account asks for another one.
    await this.db
      .delete(emailLinks)
      .where(and(eq(emailLinks.userId, input.userId), lte(emailLinks.expiresAt, new Date(input.now))));
    await this.db.insert(emailLinks).values({
      tokenHash: hashKey(token),
      userId: input.userId,
      email: input.email,
      purpose: input.purpose,
      expiresAt: new Date(input.now + EMAIL_LINK_TTL_MS[input.purpose]),
    });
    return token;
  }

  /** Uses a link up: the first caller on any hub gets it, everyone after gets null (also when expired). */
  async consume(
    token: string,
    now: number,
  ): Promise<{ userId: string; email: string; purpose: EmailLinkPurpose } | null> {
    if (token.length < 20 || token.length > 100) return null;
    const [row] = await this.db
      .delete(emailLinks)
      .where(and(eq(emailLinks.tokenHash, hashKey(token)), gt(emailLinks.expiresAt, new Date(now))))
      .returning({ userId: emailLinks.userId, email: emailLinks.email, purpose: emailLinks.purpose });
    return row ?? null;
  }
}
