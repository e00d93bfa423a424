import type { Config } from '../lib/config';
import { LocalFileStorage, type FileStorage } from './file-storage';
import { SupabaseFileStorage } from './supabase-storage';

/**
 * Where this hub keeps uploads and invoice PDFs: Supabase Storage when the project URL and its
 * service-role key are set (the key never leaves the hub), local disk under `DATA_DIR` otherwise.
 */
export function createFileStorage(
  config: Pick<Config, 'DATA_DIR' | 'SUPABASE_URL' | 'SUPABASE_SERVICE_ROLE_KEY'>,
): FileStorage {
  return config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY
    ? new SupabaseFileStorage(config.SUPABASE_URL, config.SUPABASE_SERVICE_ROLE_KEY)
    : new LocalFileStorage(config.DATA_DIR);
}
