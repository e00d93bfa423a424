/**
 * A Tabbycat import folder as the organizer picks it in the browser: which files go to the hub,
 * the checks made before sending (the hub's own limits, said in Chinese), the text of each file,
 * and the hub's refusal grouped per file. The DOM part reads a dropped folder's entries.
 */
import { TRPC_HTTP_LARGE_BODIES } from '@bianshi/shared';
import { format } from '../../i18n';
import { toAppError } from '../../lib/api/errors';
import { tabbycat as tabbycatText } from '../../i18n/zh-CN/tabbycat';

const MB = 1024 * 1024;
/** What `tournament.importTabbycat` takes: 30 files of at most 2 MB, 8 MB in all (the hub checks again). */
export const TABBYCAT_LIMITS = { files: 30, fileBytes: 2 * MB, totalBytes: 8 * MB } as const;
/** The request body the hub lets this call carry (names, JSON escapes and all). */
const MAX_BODY_BYTES = TRPC_HTTP_LARGE_BODIES['tournament.importTabbycat'] ?? 9 * MB;

/** A file the organizer picked, with where it came from. */
export interface PickedFile {
  /** The file's own name (`teams.csv`): the key it is sent under. */
  name: string;
  /** Its path inside the picked folder (`anorak/teams.csv`), or its name. */
  path: string;
  size: number;
  /** Whether it goes to the hub: CSV files and Tabbycat's `.importer` marker. */
  sent: boolean;
  file: NamedBlob;
}

/** A File, or in tests any Blob with a name. */
export type NamedBlob = Blob & { readonly name: string };

/** Whether a file of this name goes to the hub. */
export function isSent(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.csv') || lower === '.importer';
}

/** The picked files, named by their own names, CSV first then the rest, each group by name. */
export function pickedFiles(files: readonly { file: NamedBlob; path?: string }[]): PickedFile[] {
  return inOrder(
    files.map(({ file, path }) => ({
      name: file.name,
      path: path || file.name,
      size: file.size,
      sent: isSent(file.name),
      file,
    })),
  );
}

function inOrder(files: PickedFile[]): PickedFile[] {
  return files.sort((a, b) => Number(b.sent) - Number(a.sent) || a.path.localeCompare(b.path));
}

/** The folder all the files came from (the first segment of their paths), or null. */
export function folderNameOf(files: readonly PickedFile[]): string | null {
  const roots = new Set(files.map((file) => (file.path.includes('/') ? file.path.split('/')[0] : '')));
  const [root] = [...roots];
  return roots.size === 1 && root ? root : null;
}

/** Adds `more` to `current`: a file of the same path replaces the one there. */
export function mergeFiles(current: readonly PickedFile[], more: readonly PickedFile[]): PickedFile[] {
  const paths = new Set(more.map((file) => file.path));
  return inOrder([...current.filter((file) => !paths.has(file.path)), ...more]);
}

/** What stops the folder from being sent, in Chinese (empty when it may go). */
export function checkFolder(files: readonly PickedFile[]): string[] {
  const c = tabbycatText.check;
  const sent = files.filter((file) => file.sent);
  if (!sent.some((file) => file.name.toLowerCase().endsWith('.csv'))) return [c.noCsv];
  const problems: string[] = [];
  if (sent.length > TABBYCAT_LIMITS.files)
    problems.push(format(c.tooMany, { max: TABBYCAT_LIMITS.files, n: sent.length }));
  const seen = new Set<string>();
  for (const file of sent) {
    if (file.size > TABBYCAT_LIMITS.fileBytes) problems.push(format(c.fileTooBig, { file: file.path }));
    const key = file.name.toLowerCase();
    if (seen.has(key)) problems.push(format(c.duplicate, { file: file.name }));
    seen.add(key);
  }
  const total = sent.reduce((sum, file) => sum + file.size, 0);
  if (total > TABBYCAT_LIMITS.totalBytes) problems.push(c.tooBig);
  return problems;
}

/**
 * A file's text: UTF-8 (its byte-order mark dropped), or GB 18030 when it is not valid UTF-8
 * (a CSV saved by Excel on a Chinese system).
 */
export function decodeText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The files to send, by name, read as text; null (with the problem) when one cannot be read or it is too large. */
export async function readFolder(
  files: readonly PickedFile[],
): Promise<{ ok: true; files: Record<string, string> } | { ok: false; problem: string }> {
  const texts: Record<string, string> = {};
  for (const file of files.filter((each) => each.sent)) {
    try {
      texts[file.name] = decodeText(await file.file.arrayBuffer());
    } catch {
      return { ok: false, problem: format(tabbycatText.check.unreadable, { file: file.path }) };
    }
  }
  // What the hub counts: the request body, with JSON's escapes (a quote-heavy CSV grows).
  const body = new TextEncoder().encode(JSON.stringify({ json: { name: '', files: texts } })).length;
  if (body > MAX_BODY_BYTES - 4096) return { ok: false, problem: tabbycatText.check.tooBig };
  return { ok: true, files: texts };
}

/** `356 B`, `12.4 KB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (bytes < MB) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / MB)} MB`;
}

/** One error of a refused import, as the hub sends it in the error's details. */
export interface TabbycatImportError {
  file: string;
  row: number | null;
  column?: string;
  message: string;
}

/** The per-file errors of a refused import (`import-invalid`), or null for any other failure. */
export function importErrorsOf(error: unknown): TabbycatImportError[] | null {
  const data = (error as { data?: { reason?: unknown; details?: { errors?: unknown } | null } } | null)?.data;
  if (data?.reason !== 'import-invalid' || !Array.isArray(data.details?.errors)) return null;
  return data.details.errors.filter(
    (item): item is TabbycatImportError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as TabbycatImportError).file === 'string' &&
      typeof (item as TabbycatImportError).message === 'string',
  );
}

const CJK = /[\u3400-\u9fff]/;

/**
 * The Chinese message of any other failure: the hub's own words when it refused in Chinese (a
 * plan limit, a rate limit, an input it would not take), else one for the kind of failure.
 */
export function failureMessage(error: unknown): string {
  const failure = toAppError(error);
  const detail = failure.detail ?? '';
  return failure.kind === 'http' && CJK.test(detail) ? detail : failure.message;
}

/** One file's errors, each without the file and row its message starts with. */
export interface FileErrors {
  file: string;
  errors: { row: number | null; column: string | null; text: string }[];
}

/** Errors grouped per file, files in the order of their first error, rows in order within each. */
export function groupErrors(errors: readonly TabbycatImportError[]): FileErrors[] {
  const groups = new Map<string, FileErrors>();
  for (const error of errors) {
    const group = groups.get(error.file) ?? { file: error.file, errors: [] };
    groups.set(error.file, group);
    group.errors.push({ row: error.row, column: error.column || null, text: withoutPlace(error) });
  }
  for (const group of groups.values()) group.errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return [...groups.values()];
}

/** `teams.csv 第 3 行：机构…` → `机构…` (the file and row are shown beside it). */
function withoutPlace(error: TabbycatImportError): string {
  const escaped = error.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const place = new RegExp(`^${escaped}(?: 第 \\d+ 行)?[：:]\\s*`);
  return error.message.replace(place, '') || error.message;
}

/** Every file of a dropped folder (or the dropped files), with its path inside the drop. */
export async function droppedFiles(transfer: DataTransfer): Promise<{ file: File; path: string }[]> {
  // Entries must be taken while the drop event runs; reading them may wait.
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null))
    return [...transfer.files].map((file) => ({ file, path: file.name }));
  const out: { file: File; path: string }[] = [];
  for (const entry of entries) await collect(entry!, '', out);
  return out;
}

async function collect(entry: FileSystemEntry, base: string, out: { file: File; path: string }[]) {
  const path = base ? `${base}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // A directory reader hands its entries over in pieces until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    for (const child of batch) await collect(child, path, out);
  }
}
