/**
 * Provider answers that must be JSON are never trusted: the text is cut to its JSON value (a
 * model may wrap it in a ```json fence or a sentence), parsed, and checked by a schema. The
 * errors come back as lines the provider is shown on its one retry.
 */
import type { z } from 'zod';
import { validateFormat, type Format } from '../formats/index';

/** A checked reply, or what was wrong with it (zh-CN, one line each, with the path). */
export type CheckedReply<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** The JSON value in a reply: the inside of a ```json fence, else from the first { to the last }. */
export function jsonOfReply(reply: string): string {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/i.exec(reply);
  const body = (fenced ? fenced[1]! : reply).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  return start >= 0 && end > start ? body.slice(start, end + 1) : body;
}

function parse(reply: string): { ok: true; data: unknown } | { ok: false; errors: string[] } {
  try {
    return { ok: true, data: JSON.parse(jsonOfReply(reply)) as unknown };
  } catch (error) {
    return { ok: false, errors: [`(根): 不是合法的 JSON（${error instanceof Error ? error.message : String(error)}）`] };
  }
}

/** Checks a reply against a zod schema. */
export function checkJsonReply<S extends z.ZodType>(reply: string, schema: S): CheckedReply<z.output<S>> {
  const parsed = parse(reply);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(parsed.data);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: result.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || '(根)'}: ${issue.message}`) };
}

/** Checks a reply as a format: shape, then the cross-field rules (validateFormat). */
export function checkFormatReply(reply: string): CheckedReply<Format> {
  const parsed = parse(reply);
  if (!parsed.ok) return parsed;
  const result = validateFormat(parsed.data);
  if (result.ok) return { ok: true, value: result.format };
  return { ok: false, errors: result.errors.slice(0, 20).map((issue) => `${issue.path}: ${issue.message}`) };
}
