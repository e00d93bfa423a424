/** A lobby code: 4–12 letters or digits, case-insensitive. */
export const LOBBY_CODE_PATTERN = /^[A-Z0-9]{4,12}$/;

export type JoinCodeResult = { ok: true; code: string } | { ok: false; reason: 'empty' | 'invalid' };

/** Normalises what a person typed (spaces, dashes, lower case) and checks it. */
export function parseJoinCode(input: string): JoinCodeResult {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!code) return { ok: false, reason: 'empty' };
  return LOBBY_CODE_PATTERN.test(code) ? { ok: true, code } : { ok: false, reason: 'invalid' };
}
