import type { SupabaseClient } from '@supabase/supabase-js';

let cached: { key: string; client: Promise<SupabaseClient> } | undefined;

/**
 * The browser's Supabase client, loaded on demand (only Supabase-mode sites download it).
 * PKCE flow: a magic link comes back to /auth/callback with a one-time `code`.
 * The URL and anon key come from the hub at run time (`auth.config`); both are public.
 */
export function supabaseClient(url: string, anonKey: string): Promise<SupabaseClient> {
  const key = `${url}|${anonKey}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: import('@supabase/supabase-js').then(({ createClient }) =>
        createClient(url, anonKey, {
          auth: { flowType: 'pkce', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
        }),
      ),
    };
  }
  return cached.client;
}
