/**
 * The built-in, Umami-compatible analytics collector: validates `POST /api/send` bodies,
 * stores events, and sums them per day for the admin page.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { analyticsEvents } from './analytics.schema';

/** An event name must be a non-empty string; anything else is recorded as `unknown` (SPEC.md §5). */
export function eventName(name: unknown): string {
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 50) : 'unknown';
}

const short = (max: number) => z.string().max(max).catch('');

/** Umami's wire format: `{type, payload: {website, name?, data?, url, title, referrer, hostname, language, screen}}`. */
export const collectBodySchema = z.object({
  type: z.enum(['event', 'identify']),
  payload: z.object({
    website: z.string().min(1).max(64),
    name: z.unknown().optional(),
    data: z.record(z.string(), z.unknown()).optional().catch(undefined),
    url: z.string().max(2000).default('/'),
    title: short(500).default(''),
    referrer: short(2000).default(''),
    hostname: short(255).default(''),
    language: short(35).default(''),
    screen: short(20).default(''),
  }),
});

export type CollectBody = z.infer<typeof collectBodySchema>;

/** Per-day figures for the admin page. */
export interface AnalyticsSummary {
  days: { day: string; pageViews: number; visitors: number }[];
  totals: { pageViews: number; visitors: number; events: number };
  topPages: { path: string; pageViews: number; visitors: number }[];
  referrers: { host: string; pageViews: number }[];
  websiteId: string | null;
  external: string | null;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname.slice(0, 500);
  } catch {
    return '/';
  }
}

function hostOf(referrer: string, ownHost: string): string {
  try {
    const host = new URL(referrer).hostname;
    return host === ownHost ? '' : host.slice(0, 255);
  } catch {
    return '';
  }
}

export class AnalyticsService {
  private salt = { day: '', value: '' };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly websiteId: string | null,
    readonly externalUrl: string | null,
  ) {}

  /** A visitor id that changes daily, so nothing links a person across days. */
  private visitorId(ip: string, userAgent: string): string {
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    if (this.salt.day !== day) this.salt = { day, value: randomBytes(16).toString('hex') };
    return createHash('sha256').update(`${this.salt.value}|${ip}|${userAgent}`).digest('hex').slice(0, 24);
  }

  /** Stores one event; `false` when it is not for this website. */
  async record(body: CollectBody, client: { ip: string; userAgent: string }): Promise<boolean> {
    if (!this.websiteId || body.payload.website !== this.websiteId) return false;
    const { payload } = body;
    const named = body.type === 'event' && payload.name !== undefined;
    await this.db.insert(analyticsEvents).values({
      websiteId: payload.website,
      kind: body.type === 'identify' ? 'identify' : named ? 'event' : 'pageview',
      name: named ? eventName(payload.name) : null,
      urlPath: pathOf(payload.url),
      title: payload.title,
      referrerHost: hostOf(payload.referrer, payload.hostname),
      hostname: payload.hostname,
      language: payload.language,
      screen: payload.screen,
      visitorId: this.visitorId(client.ip, client.userAgent),
      data: payload.data ?? null,
      createdAt: new Date(this.clock.now()),
    });
    return true;
  }

  /** Page views, visitors, top pages and referrers over the last `days` days (UTC). */
  async summary(days: number): Promise<AnalyticsSummary> {
    const since = new Date(this.clock.now() - days * 86_400_000);
    const site = this.websiteId ?? '';
    const views = and(
      eq(analyticsEvents.websiteId, site),
      eq(analyticsEvents.kind, 'pageview'),
      gte(analyticsEvents.createdAt, since),
    );
    const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const [perDay, totals, events, topPages, referrers] = await Promise.all([
      this.db
        .select({ day, pageViews: count(), visitors: countDistinct(analyticsEvents.visitorId) })
        .from(analyticsEvents)
        .where(views)
        .groupBy(day)
        .orderBy(day),
      this.db
        .select({ pageViews: count(), visitors: countDistinct(analyticsEvents.visitorId) })
        .from(analyticsEvents)
        .where(views),
      this.db
        .select({ events: count() })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.websiteId, site),
            eq(analyticsEvents.kind, 'event'),
            gte(analyticsEvents.createdAt, since),
          ),
        ),
      this.db
        .select({
          path: analyticsEvents.urlPath,
          pageViews: count(),
          visitors: countDistinct(analyticsEvents.visitorId),
        })
        .from(analyticsEvents)
        .where(views)
        .groupBy(analyticsEvents.urlPath)
        .orderBy(desc(count()))
        .limit(20),
      this.db
        .select({ host: analyticsEvents.referrerHost, pageViews: count() })
        .from(analyticsEvents)
        .where(and(views, sql`${analyticsEvents.referrerHost} <> ''`))
        .groupBy(analyticsEvents.referrerHost)
        .orderBy(desc(count()))
        .limit(20),
    ]);
    return {
      days: perDay.map((d) => ({ day: d.day, pageViews: Number(d.pageViews), visitors: Number(d.visitors) })),
      totals: {
        pageViews: Number(totals[0]?.pageViews ?? 0),
        visitors: Number(totals[0]?.visitors ?? 0),
        events: Number(events[0]?.events ?? 0),
      },
      topPages: topPages.map((p) => ({
        path: p.path,
        pageViews: Number(p.pageViews),
        visitors: Number(p.visitors),
      })),
      referrers: referrers.map((r) => ({ host: r.host, pageViews: Number(r.pageViews) })),
      websiteId: this.websiteId,
      external: this.externalUrl,
    };
  }
}
