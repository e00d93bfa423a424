/**
 * Lobby codes: the rule, normalising what a person typed, and the check. No schema library
 * here: the landing page and the lobby screen check codes without downloading zod.
 */

/** Letters and digits of lobby codes: no 0/O, 1/I/L. */
export const LOBBY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in a lobby code. */
export const LOBBY_CODE_LENGTH = 6;
/** The one rule a typed code is checked against, in the words every form and the hub use. */
export const LOBBY_CODE_RULE = `房间码是 ${LOBBY_CODE_LENGTH} 位字母或数字（不含 0、O、1、I、L）`;
/**
 * Timers a lobby made by hand may show. A tournament round's lobby holds every room of the round
 * (TOURNAMENT_LIMITS.roomsPerRound; docs/decisions/034-round-lobbies.md).
 */
export const LOBBY_MAX_TIMERS = 24;

/** What a person typed as a code, normalised: spaces and dashes dropped, upper-cased. */
export function normalizeLobbyCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** True when `code` (normalised) could be a lobby code. */
export function isLobbyCode(code: string): boolean {
  if (code.length !== LOBBY_CODE_LENGTH) return false;
  for (const char of code) if (!LOBBY_CODE_ALPHABET.includes(char)) return false;
  return true;
}
