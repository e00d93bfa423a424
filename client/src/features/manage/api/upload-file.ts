import { z } from 'zod';
import { AppError } from '../../../lib/api/errors';
import { manage as manageText } from '../../../i18n/zh-CN/manage';

/** Upload kinds the hub accepts. */
export const uploadKindSchema = z.enum(['logo', 'background', 'sound']);
/** An upload kind. */
export type UploadKind = z.infer<typeof uploadKindSchema>;

/** What the hub answers for a stored upload. */
export const uploadResultSchema = z.object({
  url: z.string(),
  kind: uploadKindSchema,
  type: z.string(),
  contentType: z.string(),
  bytes: z.number(),
  durationMs: z.number().optional(),
});
/** A stored upload. */
export type UploadResult = z.infer<typeof uploadResultSchema>;

const errorBodySchema = z.object({
  error: z.object({ message: z.string(), reason: z.string().nullable().optional() }),
});

/**
 * Uploads a file as the raw request body (`POST /api/uploads/<timerId>/<kind>`); the hub checks
 * type (magic bytes), size and duration and answers in Chinese when it refuses.
 */
export async function uploadFile(timerId: string, kind: UploadKind, file: File): Promise<UploadResult> {
  let response: Response;
  try {
    response = await fetch(`/api/uploads/${encodeURIComponent(timerId)}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AppError({ kind: 'network', message: manageText.upload.network, detail: String(error) });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    throw new AppError({
      kind: 'http',
      status: response.status,
      ...(parsed.success ? { message: parsed.data.error.message } : {}),
    });
  }
  return uploadResultSchema.parse(body);
}
