/**
 * Roles on a timer, weakest first. Each role may do everything the roles before it may:
 * a viewer watches, a judge watches as judge, a controller runs matches, an editor also
 * changes settings and formats, an owner also manages keys and members.
 */
export const TIMER_ROLES = ['viewer', 'judge', 'controller', 'editor', 'owner'] as const;
export type TimerRole = (typeof TIMER_ROLES)[number];

/** True when `role` includes the rights of `minimum`. */
export function atLeast(role: TimerRole, minimum: TimerRole): boolean {
  return TIMER_ROLES.indexOf(role) >= TIMER_ROLES.indexOf(minimum);
}

/** The stronger of two roles. */
export function strongest(a: TimerRole, b: TimerRole): TimerRole {
  return atLeast(a, b) ? a : b;
}
