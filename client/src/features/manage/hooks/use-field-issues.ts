import { zhIssueMessage, inputIssuesOf, type InputIssue } from '@bianshi/shared';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { toast } from '../../../lib/toast';
import { saveToast } from './use-save-toast';

const t = manageText;

/**
 * The issues a refused save carries, by field: the hub sends them with every refused input
 * (`data.issues`, each `{field, reason, message}`: see hub/src/lib/input-errors.ts). Empty when
 * the failure is not about fields (offline, no permission).
 */
export function fieldIssuesOf(error: unknown): InputIssue[] {
  const data = (error as { data?: { issues?: unknown } } | null)?.data;
  if (!Array.isArray(data?.issues)) return [];
  return data.issues.filter(
    (issue): issue is InputIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as InputIssue).field === 'string' &&
      typeof (issue as InputIssue).message === 'string',
  );
}

/** What a form needs to show each field's own error beside it. */
export interface FieldIssues {
  /** The Chinese error of `field` (or of a part of it: `debaters` has `debaters.2`'s), or undefined. */
  of(field: string): string | undefined;
  /** Checks `value` with `schema` before sending: the parsed value, or null after showing each issue beside its field. */
  check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null;
  /** A refused save: beside the fields it names (and a toast saying how many), else a toast with the hub's reason. */
  refused(error: unknown): void;
  /** Forgets the issues of `field` (typing in it), or all. */
  clear(field?: string): void;
  readonly count: number;
}

/** Field-level errors of one form, from its own check or from the hub's refusal. Never 发生未知错误. */
export function useFieldIssues(): FieldIssues {
  const [issues, setIssues] = useState<InputIssue[]>([]);
  const show = useCallback((list: InputIssue[]) => {
    setIssues(list);
    toast.error(format(t.fixFields, { n: new Set(list.map((issue) => issue.field)).size }));
  }, []);
  const refused = useCallback(
    (error: unknown) => {
      const list = fieldIssuesOf(error);
      if (list.length > 0) show(list);
      else saveToast.failed(error);
    },
    [show],
  );
  const check = useCallback(
    <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(value, { error: zhIssueMessage });
      if (parsed.success) {
        setIssues([]);
        return parsed.data;
      }
      show(inputIssuesOf(parsed.error));
      return null;
    },
    [show],
  );
  const clear = useCallback(
    (field?: string) =>
      setIssues((list) => (field === undefined ? [] : list.filter((issue) => !covers(field, issue.field)))),
    [],
  );
  return useMemo(
    () => ({
      of: (field: string) => issues.find((issue) => covers(field, issue.field))?.message,
      check,
      refused,
      clear,
      count: issues.length,
    }),
    [issues, check, refused, clear],
  );
}

/** Whether an issue at `issueField` belongs to the field shown as `field` (itself or a part of it). */
function covers(field: string, issueField: string): boolean {
  return issueField === field || issueField.startsWith(`${field}.`);
}
