/**
 * Which client paths need a signed-in account (SPEC §2, global auth redirect): a pure matcher,
 * so the rule is the same wherever it runs and is tested as a table.
 *
 * Patterns: `/home` matches exactly `/home` (and `/home/`); `/x/*` matches one segment below
 * `/x`; `/x/**` matches `/x` itself and anything below it. Matching ignores letter case and
 * never looks at the query or hash.
 */
import { trimTrailingSlashes } from '@bianshi/shared';

/** What decides protection: the include list, the exclude list, and the never-protected paths. */
export interface ProtectionRules {
  protectedPaths: readonly string[];
  excludedPaths: readonly string[];
  loginPath: string;
  callbackPath: string;
}

function normalize(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const trimmed = bare.length > 1 ? trimTrailingSlashes(bare) : bare;
  return (trimmed || '/').toLowerCase();
}

/** Whether `path` matches one pattern. */
export function matchesPath(pattern: string, path: string): boolean {
  const target = normalize(path);
  const rule = normalize(pattern);
  if (rule.endsWith('/**')) {
    const base = rule.slice(0, -3) || '/';
    return base === '/' || target === base || target.startsWith(`${base}/`);
  }
  const ruleSegments = rule.split('/');
  const targetSegments = target.split('/');
  if (ruleSegments.length !== targetSegments.length) return false;
  return ruleSegments.every((segment, index) =>
    segment === '*' ? (targetSegments[index] ?? '') !== '' : segment === targetSegments[index],
  );
}

/** Whether `path` needs a signed-in account. The login and callback paths never do. */
export function isProtectedPath(path: string, rules: ProtectionRules): boolean {
  if (matchesPath(rules.loginPath, path) || matchesPath(rules.callbackPath, path)) return false;
  if (rules.excludedPaths.some((pattern) => matchesPath(pattern, path))) return false;
  return rules.protectedPaths.some((pattern) => matchesPath(pattern, path));
}

/** The short id of a console path `/timer/manage/:shortid[/page]`, or null. */
export function consoleShortId(path: string): string | null {
  const match = /^\/timer\/manage\/([^/?#]+)/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
