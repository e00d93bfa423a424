import { createRequire } from 'node:module';

/** Why a new password is refused (the `reason` the client shows next to the field). */
export type PasswordProblem = 'password-blank' | 'password-common';

/** Shortest and longest password accepted (the upper bound keeps scrypt's input sane). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

const requireJson = createRequire(import.meta.url);
let common: Set<string> | undefined;

/**
 * The most common passwords, from the list `@zxcvbn-ts/language-common` maintains (leaked
 * password corpora, most frequent first; about 49 000 entries). Only the password list is
 * loaded, not the package's other dictionaries, and only on the first sign-up.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (requireJson('@zxcvbn-ts/language-common/src/passwords.json') as string[]).map((entry) =>
      entry.toLowerCase(),
    ),
  );
  return common;
}

/**
 * What is wrong with a new password beyond its length, or null: only blanks, or one of the
 * most common passwords (compared case-insensitively, as attackers try them).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.trim() === '') return 'password-blank';
  if (commonPasswords().has(password.normalize('NFKC').toLowerCase())) return 'password-common';
  return null;
}
