/** Roles a screen or person holds in a room, as a plain list (no schema library: screens import it). */
export const PRESENCE_ROLES = ['controller', 'judge', 'display', 'audience'] as const;
