import { PROTOCOL_VERSION, type FallbackPublicConfig } from '@bianshi/shared';
import { supportContact } from './lib/support';
import { publicProcedure, router } from './trpc/init';

/** Server facts, cheap enough to call on every page: proves both transports work. */
export const systemRouter = router({
  /** Name, version, protocol version and database kind of this hub, and its support contact. */
  info: publicProcedure.query(({ ctx }) => ({
    name: '辩时 Bianshi',
    version: ctx.services.version,
    protocolVersion: PROTOCOL_VERSION,
    database: ctx.services.database.kind,
    /** Where screens follow matches when no hub answers, and the key that signs what they may believe there (public values only), or null. */
    fallback:
      ctx.services.config.SUPABASE_URL && ctx.services.config.SUPABASE_ANON_KEY && ctx.services.fallbackSigner
        ? ({
            supabaseUrl: ctx.services.config.SUPABASE_URL,
            anonKey: ctx.services.config.SUPABASE_ANON_KEY,
            signingKey: ctx.services.fallbackSigner.publicKey,
          } satisfies FallbackPublicConfig)
        : null,
    /** The customer-service contact (SUPPORT_URL, SUPPORT_EMAIL) every 联系客服 leads to, or null when none is configured. */
    support: supportContact(ctx.services.config),
  })),
  /** The hub's clock, for a first rough offset before proper sync. */
  time: publicProcedure.query(({ ctx }) => ({ serverNow: ctx.services.clock.now() })),
});
