/**
 * Format issues in the user's words: `stages[7].name` + 不能为空 → 第 8 环节 · 名称不能为空.
 * Path-style messages stay for JSON import, where the path is what the file says.
 */
import type { Format, FormatIssue } from '@bianshi/shared';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';

const t = manageText.timing;
const L = t.issueFields;

type Segment = string | number;

function segments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(match[2] !== undefined ? Number(match[2]) : (match[1] ?? ''));
  return out;
}

function sideWord(segment: Segment | undefined): string {
  return segment === 'aff' ? t.sides.aff : segment === 'neg' ? t.sides.neg : '';
}

/** What the user calls the field a path names (第 8 环节 · 名称), from the draft being edited. */
export function fieldLabel(path: string, draft: Format): string {
  const [head, index, ...rest] = segments(path);
  if (head === 'stages' && typeof index === 'number') {
    const stage = fill(t.stage, { n: index + 1 });
    const [field, sub, ...more] = rest;
    if (field === undefined) return stage;
    if (field === 'bells' && typeof sub === 'number')
      return `${stage} · ${fill(L.bell, { n: sub + 1 })}${more[0] === 'offsetMs' ? ` · ${L.time}` : ''}`;
    if (field === 'turnCap') return `${stage} · ${t.turnCap}`;
    if (field === 'durationMs' && (sub === 'aff' || sub === 'neg'))
      return `${stage} · ${sub === 'aff' ? t.durationAff : t.durationNeg}`;
    return `${stage} · ${(L.stage as Record<string, string>)[String(field)] ?? String(field)}`;
  }
  if (head === 'pools' && typeof index === 'number') {
    const name = draft.pools[index]?.name || fill(L.poolN, { n: index + 1 });
    const [field, sub] = rest;
    const reserve = sub === 'stages' ? L.reserveStages : t.reserve;
    const what =
      field === 'totalMs'
        ? sub === 'neg'
          ? t.poolTotalNeg
          : t.poolTotalAff
        : field === 'reserve'
          ? reserve
          : field === 'name'
            ? t.poolName
            : field === 'id'
              ? 'ID'
              : '';
    return `${fill(L.pool, { name })}${what ? ` · ${what}` : ''}`;
  }
  if (head === 'sides') return `${t.sideLabels} · ${sideWord(index)}`;
  if (head === 'timeouts') return t.timeouts;
  if (head === 'name') return t.formatName;
  if (head === 'id') return t.formatId;
  return (L.format as Record<string, string>)[String(head)] ?? path;
}

/** One issue as the editor says it on save: 第 8 环节 · 名称不能为空. */
export function issueText(issue: FormatIssue, draft: Format): string {
  return `${fieldLabel(issue.path, draft)}${issue.message}`;
}
