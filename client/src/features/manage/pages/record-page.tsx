import type { SideId } from '@bianshi/shared';
import { recordToCsv, stagePoolId } from '@bianshi/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useMatches, type MatchListItem } from '../api/list-matches';
import { useMatchRecord } from '../api/get-match-record';
import { Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { dateTime, mmss } from '../time-text';
import { downloadText } from '../../../lib/browser/download';

const t = manageText;
const tr = t.record;

/** Statuses of a match that was played (timed at all), newest first in the list. */
const PLAYED: ReadonlySet<string> = new Set(['running', 'paused', 'finished', 'abandoned']);

/**
 * The match the page opens on: the current one once it is under way, else the last one played,
 * else the current one. Never a planned match nobody started (its export would be empty).
 */
export function defaultRecordMatch(
  list: readonly MatchListItem[],
  currentMatchId: string | null,
): string | null {
  const current = list.find((match) => match.id === currentMatchId);
  if (current && PLAYED.has(current.status)) return current.id;
  return list.find((match) => PLAYED.has(match.status))?.id ?? current?.id ?? list[0]?.id ?? null;
}

/** Now, once a second while `live` (a running clock's time used so far counts up on the page). */
function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [live]);
  return now;
}

function RecordView({ timer }: ManageContext) {
  const matches = useMatches(timer.id);
  const list = matches.data?.matches ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const matchId = chosen ?? defaultRecordMatch(list, matches.data?.currentMatchId ?? null);
  const { record: loaded } = useMatchRecord(timer.id, matchId);
  const now = useNow(loaded?.live ?? false);
  const record = loaded?.at(now) ?? null;
  const recordFormat = loaded?.format ?? null;
  // A stage drawing on a team pool has no allotment of its own: 共用时间（队伍总用时）.
  const sharedPool = (stageIndex: number) => {
    const stage = recordFormat?.stages[stageIndex];
    const poolId = stage ? stagePoolId(stage) : null;
    return poolId === null ? null : (recordFormat?.pools.find((pool) => pool.id === poolId)?.name ?? poolId);
  };
  const allotted = (stageIndex: number, allottedMs: number) => {
    const pool = sharedPool(stageIndex);
    return pool === null ? mmss(allottedMs) : format(tr.shared, { pool });
  };
  const sideLabel = (side: SideId | null) =>
    side === null ? tr.neutral : (recordFormat?.sides[side]?.label ?? displayText.sides[side]);
  const exportCsv = () => {
    if (!record) return;
    // A BOM so spreadsheet programs read the Chinese as UTF-8.
    downloadText(
      `比赛记录-${timer.shortid}-${matchId}.csv`,
      `\ufeff${recordToCsv(record, sideLabel)}`,
      'text/csv;charset=utf-8',
    );
  };
  return (
    <div className="manage-split manage-split--list">
      <Section title={tr.matches}>
        {list.length === 0 ? <p className="manage-muted">{tr.empty}</p> : null}
        <ul className="manage-list">
          {list.map((match) => (
            <li key={match.id}>
              <button
                type="button"
                className="manage-pick"
                aria-pressed={match.id === matchId}
                onClick={() => setChosen(match.id)}
              >
                <span className="manage-list__main">{match.title || match.formatName}</span>
                <span className="manage-muted">
                  {tr.status[match.status as keyof typeof tr.status] ?? match.status} ·{' '}
                  {format(tr.created, { time: dateTime(match.createdAt) })}
                  {match.id === matches.data?.currentMatchId ? ` · ${tr.current}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        title={record?.formatName ?? tr.matches}
        actions={
          record && matchId ? (
            <>
              <Link
                className="btn btn--secondary btn--sm"
                to={`/record/${matchId}`}
                data-testid="open-record"
              >
                {tr.openRecord}
              </Link>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={exportCsv}
                data-testid="csv"
              >
                {tr.csv}
              </button>
            </>
          ) : null
        }
      >
        {record && record.startedAt === null ? <p className="manage-muted">{tr.notStarted}</p> : null}
        {record ? (
          <div className="manage-table-wrap">
            <table className="manage-table" data-testid="record-table">
              <thead>
                <tr>
                  <th scope="col">{tr.columns.stage}</th>
                  <th scope="col">{tr.columns.side}</th>
                  <th scope="col">{tr.columns.allotted}</th>
                  <th scope="col">{tr.columns.used}</th>
                  <th scope="col">{tr.columns.overtime}</th>
                </tr>
              </thead>
              <tbody>
                {record.stages
                  .filter((stage) => stage.clocks.length > 0)
                  .flatMap((stage) =>
                    stage.clocks.map((clock) => (
                      <tr key={`${stage.stageIndex}-${clock.clock}`} data-overtime={clock.overtimeMs > 0}>
                        <td>
                          {stage.stageIndex + 1}. {stage.name}
                        </td>
                        <td>{sideLabel(clock.side)}</td>
                        <td className="manage-num" data-testid="record-allotted">
                          {allotted(stage.stageIndex, clock.allottedMs)}
                        </td>
                        <td className="manage-num">{mmss(clock.usedMs)}</td>
                        <td className="manage-num">
                          {clock.overtimeMs > 0 ? `+${mmss(clock.overtimeMs)}` : '—'}
                        </td>
                      </tr>
                    )),
                  )}
              </tbody>
              <tfoot>
                {(['aff', 'neg'] as const).map((side) => (
                  <tr key={side}>
                    <th scope="row">{tr.totals}</th>
                    <td>{sideLabel(side)}</td>
                    <td />
                    <td className="manage-num">{mmss(record.totals[side].usedMs)}</td>
                    <td className="manage-num">
                      {record.totals[side].overtimeMs > 0 ? `+${mmss(record.totals[side].overtimeMs)}` : '—'}
                    </td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
        ) : null}
      </Section>
    </div>
  );
}

/** `record`: this timer's matches; per stage and side allotted, used and overtime; CSV export. */
export function RecordPage() {
  return (
    <ManageFrame page="record" wide>
      {(context) => <RecordView key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
