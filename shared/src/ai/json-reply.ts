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
  const body = (fencedBody(reply) ?? reply).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  return start >= 0 && end > start ? body.slice(start, end + 1) : body;
}

/**
 * The inside of the first ```json fence (or bare ``` fence) that is closed, as
 * /```(?:json)?\s*\n([\s\S]*?)```/i found it, by searching rather than backtracking: that pattern
 * is quadratic on a long reply of blank lines after an unclosed fence.
 */
function fencedBody(reply: string): string | null {
  for (let at = reply.indexOf('```'); at >= 0; at = reply.indexOf('```', at + 1)) {
    let cursor = at + 3;
    if (reply.slice(cursor, cursor + 4).toLowerCase() === 'json') cursor += 4;
    // `\s*\n`: the whitespace after the fence, up to its last newline.
    let end = cursor;
    while (end < reply.length && /\s/u.test(reply[end]!)) end += 1;
    const newline = reply.lastIndexOf('\n', end - 1);
    if (newline < cursor) continue;
    const close = reply.indexOf('```', newline + 1);
    return close >= 0 ? reply.slice(newline + 1, close) : null;
  }
  return null;
}

function parse(reply: string): { ok: true; data: unknown } | { ok: false; errors: string[] } {
  try {
    return { ok: true, data: JSON.parse(jsonOfReply(reply)) as unknown };
  } catch (error) {
    return {
      ok: false,
      errors: [`(根): 不是合法的 JSON（${error instanceof Error ? error.message : String(error)}）`],
    };
  }
}

/** Checks a reply against a zod schema. */
export function checkJsonReply<S extends z.ZodType>(reply: string, schema: S): CheckedReply<z.output<S>> {
  const parsed = parse(reply);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(parsed.data);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues
      .slice(0, 20)
      .map((issue) => `${issue.path.join('.') || '(根)'}: ${issue.message}`),
  };
}

/** Checks a reply as a format: shape, then the cross-field rules (validateFormat). */
export function checkFormatReply(reply: string): CheckedReply<Format> {
  const parsed = parse(reply);
  if (!parsed.ok) return parsed;
  const result = validateFormat(parsed.data);
  if (result.ok) return { ok: true, value: result.format };
  return { ok: false, errors: result.errors.slice(0, 20).map((issue) => `${issue.path}: ${issue.message}`) };
}
