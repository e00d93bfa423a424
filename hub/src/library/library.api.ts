/**
 * The library's part of the integrations API (`/api/v1/topics`, `/topic-groups/:id`,
 * `/schools`, `/schools/:id`, `/records/:matchId` and `.csv`). Errors are HubErrors, which the
 * `/api/v1` handler turns into its one error envelope.
 */
import type { IncomingMessage } from 'node:http';
import type { RecordStageRow } from '@bianshi/shared';
import { z } from 'zod';
import { parseInput } from '../lib/input-errors';
import type { Context } from '../trpc/context';
import type { Library } from './library.module';

/** What the library's API uses: its services, and the caller of a request. */
export interface LibraryApiServices {
  readonly library: Library;
  /** The caller of a plain HTTP request (whether a record is visible depends on it). */
  contextOf(req: IncomingMessage): Promise<Context>;
}

/** A reply for the `/api/v1` handler to send. */
export type LibraryApiReply =
  { status: number; json: unknown } | { status: number; text: string; contentType: string; filename: string };

const listQuery = z.object({
  q: z.string().max(100, { error: '搜索词最多 100 个字符' }).default(''),
  group: z.string().max(64).optional(),
  region: z.string().max(40).optional(),
  limit: z.coerce
    .number({ error: 'limit 必须是数字' })
    .int({ error: 'limit 必须是整数' })
    .min(1, { error: 'limit 最小为 1' })
    .max(200, { error: 'limit 最大为 200' })
    .default(50),
});

function parseQuery(url: URL): z.output<typeof listQuery> {
  return parseInput(listQuery, Object.fromEntries(url.searchParams));
}

/** The record's stages as CSV: the same columns as the console's record page. */
function stagesCsv(stages: RecordStageRow[], sides: Record<'aff' | 'neg', string>): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const header = ['阶段', '名称', '方', '分配(秒)', '已用(秒)', '超时(秒)', '暂停次数', '响铃次数'];
  const rows = stages.map((row) => [
    row.index + 1,
    row.name,
    row.side ? sides[row.side] : '—',
    seconds(row.allottedMs),
    seconds(row.usedMs),
    seconds(row.overtimeMs),
    row.pauses,
    row.bells,
  ]);
  return [header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
}

/**
 * Answers a library route, or returns null when `segments` is not one (the caller goes on to
 * its NOT_FOUND). Reads only: GET.
 */
export async function handleLibraryApi(
  services: LibraryApiServices,
  req: IncomingMessage,
  segments: readonly string[],
): Promise<LibraryApiReply | null> {
  if (req.method !== 'GET') return null;
  const [resource, id, ...rest] = segments;
  if (rest.length > 0) return null;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { library } = services;
  if (resource === 'topics' && id === undefined) {
    const query = parseQuery(url);
    const topics = await library.topics.search({
      q: query.q,
      limit: query.limit,
      ...(query.group ? { groupId: query.group } : {}),
    });
    return {
      status: 200,
      json: {
        topics: topics.map((topic) => ({
          id: topic.id,
          text: topic.text,
          affText: topic.affText,
          negText: topic.negText,
          groupId: topic.groupId,
          tags: topic.tags,
          type: topic.type,
          source: topic.source,
        })),
      },
    };
  }
  if (resource === 'topic-groups' && id) {
    const { group, topics } = await library.topics.group(id);
    return {
      status: 200,
      json: {
        group: {
          id: group.id,
          name: group.name,
          description: group.description,
          kind: group.kind,
          year: group.year,
          builtin: group.builtin,
        },
        topics,
      },
    };
  }
  if (resource === 'schools' && id === undefined) {
    const query = parseQuery(url);
    return {
      status: 200,
      json: {
        schools: await library.schools.search({
          q: query.q,
          limit: query.limit,
          ...(query.region ? { region: query.region } : {}),
        }),
      },
    };
  }
  if (resource === 'schools' && id) {
    const page = await library.schools.page(id);
    return { status: 200, json: { ...page.school, teams: page.teams } };
  }
  if (resource === 'records' && id) {
    const csv = id.endsWith('.csv');
    const matchId = csv ? id.slice(0, -'.csv'.length) : id;
    const context = await services.contextOf(req);
    const record = await library.records.get(matchId, context);
    if (csv)
      return {
        status: 200,
        text: `\ufeff${stagesCsv(record.stages, record.sides)}`,
        contentType: 'text/csv; charset=utf-8',
        filename: `record-${matchId}.csv`,
      };
    return {
      status: 200,
      json: {
        matchId: record.matchId,
        timerId: record.timerId,
        format: record.format,
        status: record.status,
        startedAt: record.startedAt,
        finishedAt: record.finishedAt,
        stages: record.stages,
        totals: record.totals,
        result: record.result,
      },
    };
  }
  return null;
}
