/**
 * A reader of one tournament on a Tabbycat site through its REST API (v1): token in the
 * `Authorization: Token …` header, every answer checked against the shapes Tabbycat's
 * serializers produce (only the fields Bianshi reads; the rest is ignored), list pages followed
 * through `Link: <…>; rel="next"` headers on the same site, each request capped in time and size.
 * Every failure is a HubError with a Chinese message saying what to do.
 */
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { outboundGet } from '../lib/outbound';

/** How long one request to the site may take. */
export const TABBYCAT_TIMEOUT_MS = 10_000;
/** The largest answer read (one page of a list). */
export const TABBYCAT_MAX_BYTES = 5 * 1024 * 1024;
/** The most pages one list is followed through. */
const MAX_PAGES = 50;

/** zh-CN messages of the Tabbycat link. */
export const TC = {
  siteInvalid: 'Tabbycat 网址无效：请填写以 https:// 或 http:// 开头的网站地址',
  sitePrivate: '不能连接内网或本机地址的 Tabbycat 网站（服务器未开启 TABBYCAT_ALLOW_PRIVATE）',
  slugInvalid: 'Tabbycat 赛事短名无效：只能包含字母、数字、连字符和下划线',
  tokenInvalid: 'Tabbycat API 令牌格式不正确',
  tokenMissing: '请填写 Tabbycat API 令牌',
  unreachable: (detail: string) => `无法连接 Tabbycat 网站（${detail}）：请检查网址，或稍后再试`,
  timeout: (seconds: number) => `Tabbycat 网站 ${seconds} 秒内没有响应：请稍后再试`,
  tooLarge: 'Tabbycat 网站返回的数据过大，已停止读取',
  badToken: 'Tabbycat 拒绝了这个 API 令牌：请在 Tabbycat 的「修改密码」页面复制管理员令牌后重试',
  forbidden: '这个 Tabbycat 令牌没有查看该赛事的权限（或该站点关闭了 API）：请使用管理员令牌',
  tournamentNotFound: (slug: string) => `在这个 Tabbycat 网站上找不到赛事「${slug}」`,
  roundNotFound: (seq: number) => `Tabbycat 上没有第 ${seq} 轮`,
  drawNotReleased: (name: string) => `Tabbycat 上「${name}」的对阵尚未发布：请在 Tabbycat 中发布对阵后再拉取`,
  drawNone: (name: string) => `Tabbycat 上「${name}」还没有生成对阵`,
  malformed: (what: string) => `Tabbycat 网站返回的${what}数据格式不正确：请确认网址指向 Tabbycat 网站`,
  serverError: (status: number) => `Tabbycat 网站出错（HTTP ${status}）：请稍后再试`,
  notLinked: '这个赛事没有关联 Tabbycat',
  tooManyPages: 'Tabbycat 网站返回的分页过多，已停止读取',
  foreignLink: 'Tabbycat 网站返回了指向其他网站的链接，已停止读取',
} as const;

// ---- the shapes (Tabbycat's serializers, as far as Bianshi reads them) ----

const url = z.string().min(1).max(2000);
const name = z.string().max(300);

export const tcTournamentSchema = z.object({
  id: z.number().int(),
  url,
  name,
  short_name: z.string().max(100).optional().default(''),
  slug: z.string().max(100),
});

export const tcInstitutionSchema = z.object({
  id: z.number().int(),
  url,
  name,
  code: z.string().max(50),
});

const tcSpeakerSchema = z.object({
  id: z.number().int(),
  url: url.optional(),
  name: name.optional().default(''),
  email: z.string().max(300).nullable().optional(),
});

export const tcTeamSchema = z.object({
  id: z.number().int(),
  url,
  reference: z.string().max(300).optional().default(''),
  short_reference: z.string().max(100).optional().default(''),
  short_name: z.string().max(300).optional().default(''),
  long_name: z.string().max(600).optional().default(''),
  code_name: z.string().max(300).optional().default(''),
  institution: url.nullable().optional(),
  seed: z.number().int().nullable().optional(),
  speakers: z.array(tcSpeakerSchema).max(20).optional().default([]),
});

export const tcAdjudicatorSchema = z.object({
  id: z.number().int(),
  url,
  name: name.optional().default(''),
  email: z.string().max(300).nullable().optional(),
  institution: url.nullable().optional(),
  base_score: z.number().nullable().optional(),
  trainee: z.boolean().optional(),
  independent: z.boolean().optional(),
  adj_core: z.boolean().optional(),
  institution_conflicts: z.array(url).optional().default([]),
});

export const tcVenueSchema = z.object({
  id: z.number().int(),
  url,
  name,
  display_name: z.string().max(300).optional(),
  priority: z.number().int().optional().default(0),
});

const tcRoundMotionSchema = z.object({
  id: z.number().int(),
  url: url.optional(),
  text: z.string().max(2000),
  reference: z.string().max(300).optional().default(''),
  info_slide: z.string().max(20_000).optional().default(''),
  seq: z.number().int(),
});

export const tcRoundSchema = z.object({
  id: z.number().int(),
  url,
  seq: z.number().int(),
  name: z.string().max(100),
  abbreviation: z.string().max(30).optional().default(''),
  stage: z.enum(['P', 'E']),
  draw_type: z.string().max(2).optional().default('M'),
  draw_status: z.enum(['N', 'D', 'C', 'R']),
  break_category: url.nullable().optional(),
  silent: z.boolean().optional().default(false),
  motions_released: z.boolean().optional().default(false),
  completed: z.boolean().optional().default(false),
  /** Left out for the public until released; a staff token sees them. */
  motions: z.array(tcRoundMotionSchema).max(20).optional(),
});

/** A side as Tabbycat names it: aff/neg, og/oo/cg/co, bye, or its number when sides are "1-2". */
const tcSideSchema = z.union([z.enum(['aff', 'neg', 'og', 'oo', 'cg', 'co', 'bye']), z.number().int()]);

export const tcPairingSchema = z.object({
  id: z.number().int(),
  url,
  venue: url.nullable().optional(),
  teams: z.array(z.object({ team: url, side: tcSideSchema.nullable().optional() })).max(4),
  adjudicators: z
    .object({
      chair: url.nullable().optional(),
      panellists: z.array(url).optional().default([]),
      trainees: z.array(url).optional().default([]),
    })
    .nullable()
    .optional(),
  room_rank: z.number().int().optional(),
  sides_confirmed: z.boolean().optional().default(true),
});

/** A preference (dynamic preferences' shape): `value` is all Bianshi reads. */
const tcPreferenceSchema = z.object({ identifier: z.string(), value: z.unknown() });

export type TcTournament = z.infer<typeof tcTournamentSchema>;
export type TcInstitution = z.infer<typeof tcInstitutionSchema>;
export type TcTeam = z.infer<typeof tcTeamSchema>;
export type TcAdjudicator = z.infer<typeof tcAdjudicatorSchema>;
export type TcVenue = z.infer<typeof tcVenueSchema>;
export type TcRound = z.infer<typeof tcRoundSchema>;
export type TcPairing = z.infer<typeof tcPairingSchema>;

/** Where a Tabbycat tournament is and how to read it. */
export interface TabbycatTarget {
  siteUrl: string;
  tournamentSlug: string;
  token: string;
}

/**
 * The site's address as stored: http(s), no credentials, query or fragment; the path kept as a
 * prefix (a site under /tab), without its trailing slash. Throws BAD_REQUEST in Chinese.
 */
export function normalizeSiteUrl(input: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(input.trim());
  } catch {
    throw new HubError('BAD_REQUEST', TC.siteInvalid, 'tabbycat-site-invalid');
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password)
    throw new HubError('BAD_REQUEST', TC.siteInvalid, 'tabbycat-site-invalid');
  parsed.search = '';
  parsed.hash = '';
  parsed.pathname = parsed.pathname.replace(/\/+$/, '').replace(/\/api(\/v1)?$/, '') || '/';
  return parsed;
}

/** The site's address as stored and prefixed to API paths: no trailing slash. */
export function siteAddress(site: URL): string {
  return `${site.origin}${site.pathname.replace(/\/+$/, '')}`;
}

/** The id at the end of a hyperlink (`…/teams/12` → 12), or null. */
export function idOf(link: string | null | undefined): number | null {
  if (!link) return null;
  const match = /\/(\d+)\/?(?:[?#].*)?$/.exec(link);
  return match ? Number(match[1]) : null;
}

/** Reads one Tabbycat tournament. */
export class TabbycatApiClient {
  private readonly site: URL;
  private readonly base: string;

  constructor(
    private readonly target: TabbycatTarget,
    private readonly options: { allowPrivate: boolean; timeoutMs?: number; maxBytes?: number },
  ) {
    this.site = normalizeSiteUrl(target.siteUrl);
    this.base = `${siteAddress(this.site)}/api/v1/tournaments/${encodeURIComponent(target.tournamentSlug)}`;
  }

  tournament(): Promise<TcTournament> {
    return this.one('', tcTournamentSchema, '赛事', () => TC.tournamentNotFound(this.target.tournamentSlug));
  }
  institutions(): Promise<TcInstitution[]> {
    return this.list('/institutions', tcInstitutionSchema, '机构');
  }
  teams(): Promise<TcTeam[]> {
    return this.list('/teams', tcTeamSchema, '队伍');
  }
  adjudicators(): Promise<TcAdjudicator[]> {
    return this.list('/adjudicators', tcAdjudicatorSchema, '裁判');
  }
  venues(): Promise<TcVenue[]> {
    return this.list('/venues', tcVenueSchema, '场地');
  }
  rounds(): Promise<TcRound[]> {
    return this.list('/rounds', tcRoundSchema, '轮次');
  }
  round(seq: number): Promise<TcRound> {
    return this.one(`/rounds/${seq}`, tcRoundSchema, '轮次', () => TC.roundNotFound(seq));
  }
  pairings(seq: number): Promise<TcPairing[]> {
    return this.list(`/rounds/${seq}/pairings`, tcPairingSchema, '对阵', () => TC.roundNotFound(seq));
  }

  /** Teams in a debate (2, or 4 for BP); 2 when the site does not say. */
  async teamsPerDebate(): Promise<2 | 4> {
    try {
      const preference = await this.one(
        '/preferences/debate_rules__teams_in_debate',
        tcPreferenceSchema,
        '设置',
        () => '',
      );
      return Number(preference.value) === 4 ? 4 : 2;
    } catch {
      return 2;
    }
  }

  private async one<T>(path: string, schema: z.ZodType<T>, what: string, notFound: () => string): Promise<T> {
    const { body } = await this.get(new URL(this.base + path), notFound);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw malformed(what);
    return parsed.data;
  }

  private async list<T>(
    path: string,
    schema: z.ZodType<T>,
    what: string,
    notFound: () => string = () => TC.tournamentNotFound(this.target.tournamentSlug),
  ): Promise<T[]> {
    const items: T[] = [];
    let next: URL | null = new URL(this.base + path);
    for (let page = 0; next; page += 1) {
      if (page >= MAX_PAGES) throw new HubError('BAD_REQUEST', TC.tooManyPages, 'tabbycat-malformed');
      const { body, link } = await this.get(next, notFound);
      // Unpaginated, a list is an array; with limit/offset pagination on, DRF may wrap it.
      const rows = Array.isArray(body)
        ? body
        : body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)
          ? (body as { results: unknown[] }).results
          : null;
      if (!rows) throw malformed(what);
      const parsed = z.array(schema).safeParse(rows);
      if (!parsed.success) throw malformed(what);
      items.push(...parsed.data);
      const wrapped = !Array.isArray(body) ? (body as { next?: unknown }).next : undefined;
      const following = nextLink(link) ?? (typeof wrapped === 'string' ? wrapped : null);
      next = following ? this.sameSite(following) : null;
    }
    return items;
  }

  /** A link the site gave, if it stays on the site; anything else is refused. */
  private sameSite(link: string): URL {
    let target: URL;
    try {
      target = new URL(link, this.site);
    } catch {
      throw malformed('分页');
    }
    if (target.origin !== this.site.origin)
      throw new HubError('BAD_REQUEST', TC.foreignLink, 'tabbycat-malformed');
    return target;
  }

  private async get(target: URL, notFound: () => string): Promise<{ body: unknown; link: string | null }> {
    const timeoutMs = this.options.timeoutMs ?? TABBYCAT_TIMEOUT_MS;
    const answer = await outboundGet(
      target,
      {
        accept: 'application/json',
        authorization: `Token ${this.target.token}`,
        'user-agent': 'Bianshi-Tabbycat/1',
      },
      {
        allowPrivate: this.options.allowPrivate,
        timeoutMs,
        maxBytes: this.options.maxBytes ?? TABBYCAT_MAX_BYTES,
      },
    );
    if (!answer.ok) {
      switch (answer.failure) {
        case 'private':
          throw new HubError('BAD_REQUEST', TC.sitePrivate, 'tabbycat-site-private');
        case 'timeout':
          throw new HubError(
            'SERVICE_UNAVAILABLE',
            TC.timeout(Math.round(timeoutMs / 1000)),
            'tabbycat-timeout',
          );
        case 'too-large':
          throw new HubError('BAD_REQUEST', TC.tooLarge, 'tabbycat-too-large');
        default:
          throw new HubError('SERVICE_UNAVAILABLE', TC.unreachable(answer.detail), 'tabbycat-unreachable');
      }
    }
    if (answer.status === 401) throw new HubError('BAD_REQUEST', TC.badToken, 'tabbycat-bad-token');
    if (answer.status === 403) throw new HubError('BAD_REQUEST', TC.forbidden, 'tabbycat-forbidden');
    if (answer.status === 404) throw new HubError('NOT_FOUND', notFound(), 'tabbycat-not-found');
    if (answer.status >= 500)
      throw new HubError('SERVICE_UNAVAILABLE', TC.serverError(answer.status), 'tabbycat-server-error');
    if (answer.status < 200 || answer.status >= 300)
      throw new HubError('BAD_REQUEST', TC.serverError(answer.status), 'tabbycat-server-error');
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      throw malformed('');
    }
    const link = answer.headers.link;
    return { body, link: Array.isArray(link) ? link.join(', ') : (link ?? null) };
  }
}

function malformed(what: string): HubError {
  return new HubError('BAD_REQUEST', TC.malformed(what), 'tabbycat-malformed');
}

/** The `rel="next"` target of a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match) return match[1]!;
  }
  return null;
}
