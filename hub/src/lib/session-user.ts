/**
 * The signed-in account as every procedure and socket sees it. Defined here, below auth and
 * the tRPC context alike, so that neither has to import the other for it.
 */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  /** Whether the owner proved the address (a mailed link, or Supabase's confirmation). */
  emailVerified: boolean;
  /** Global admin: `users.is_admin` (granted by `npm run admin`), or a *verified* address in ADMIN_EMAILS. */
  isAdmin: boolean;
}
