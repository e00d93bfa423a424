import { isLobbyCode, normalizeLobbyCode } from '@bianshi/shared';

export type JoinCodeResult = { ok: true; code: string } | { ok: false; reason: 'empty' | 'invalid' };

/** Normalises what a person typed (spaces, dashes, lower case) and checks it against the lobby-code rule. */
export function parseJoinCode(input: string): JoinCodeResult {
  const code = normalizeLobbyCode(input);
  if (!code) return { ok: false, reason: 'empty' };
  return isLobbyCode(code) ? { ok: true, code } : { ok: false, reason: 'invalid' };
}
