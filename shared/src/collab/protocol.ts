/**
 * Wire constants of the hub's Yjs documents (`/api/yjs/<documentId>`): the y-websocket protocol
 * (sync and awareness messages from `y-protocols`) plus one message of our own, a notice that
 * tells a client why the hub refused something, in Chinese.
 */

/** Message types on the socket. 0 and 1 are y-websocket's; 20 is ours (clients without a handler ignore it). */
export const YJS_MESSAGE = {
  sync: 0,
  awareness: 1,
  /** Hub → client: `{code, message}` as JSON text, after a refused update or before a close. */
  notice: 20,
} as const;

/** URL path under which the hub serves documents; the document id follows. */
export const YJS_PATH = '/api/yjs';

/** Query parameter that carries an invite token instead of (or besides) the session cookie. */
export const YJS_INVITE_PARAM = 'invite';

/** Roles on a project, weakest first. */
export const PROJECT_ROLES = ['viewer', 'commenter', 'editor', 'owner'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Roles an owner may give to members and invite links. */
export const GRANTABLE_ROLES = ['viewer', 'commenter', 'editor'] as const satisfies readonly ProjectRole[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** True when `role` is at least `minimum`. */
export function roleAtLeast(role: ProjectRole | null, minimum: ProjectRole): boolean {
  return role !== null && PROJECT_ROLES.indexOf(role) >= PROJECT_ROLES.indexOf(minimum);
}

/** Only editors and owners change a document's content; commenters and viewers read. */
export function roleCanWrite(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'editor');
}

/**
 * A rich-text document's comments live in a sibling document, `<documentId>-comments`, that
 * commenters may write while the text stays read-only to them. The hub decides by the id.
 */
export const COMMENTS_DOCUMENT_SUFFIX = '-comments';

export function commentsDocumentId(documentId: string): string {
  return `${documentId}${COMMENTS_DOCUMENT_SUFFIX}`;
}

/** The text document a comments document belongs to, or null for any other id. */
export function commentedDocumentId(documentId: string): string | null {
  return documentId.endsWith(COMMENTS_DOCUMENT_SUFFIX)
    ? documentId.slice(0, -COMMENTS_DOCUMENT_SUFFIX.length) || null
    : null;
}

/** Whether `role` may change document `documentId`: comments from commenters up, content from editors up. */
export function roleCanWriteDocument(role: ProjectRole | null, documentId: string): boolean {
  return commentedDocumentId(documentId) !== null ? roleAtLeast(role, 'commenter') : roleCanWrite(role);
}

/** One comment in a comments document's `comments` map (key: its id). */
export interface DocComment {
  id: string;
  /** The commented range in the text document: `Y.RelativePosition`s as JSON. */
  anchor: { from: unknown; to: unknown };
  /** The commented text when the comment was made (shown when the range is gone). */
  quote: string;
  text: string;
  authorId: string | null;
  authorName: string;
  color: string;
  /** ms since epoch. */
  createdAt: number;
  resolved: boolean;
}

/**
 * One reply in a comments document's `replies` map (key: its id), under the comment `commentId`.
 * Replies are entries of their own rather than a list inside the comment, so that two people
 * answering the same comment at once both keep their reply.
 */
export interface CommentReply {
  id: string;
  commentId: string;
  text: string;
  authorId: string | null;
  authorName: string;
  color: string;
  /** ms since epoch. */
  createdAt: number;
}

/**
 * Whether `userId`, with `role`, may change or delete a comment or reply: its author, or an editor
 * and up. (Resolving or reopening a comment is open to every commenter.) The comments list offers
 * what this allows; the hub refuses anything else (`hub/src/yjs/comment-rules.ts`).
 */
export function mayChangeAuthored(
  item: { authorId: string | null },
  userId: string | null,
  role: ProjectRole | null,
): boolean {
  return roleAtLeast(role, 'editor') || (userId !== null && item.authorId === userId);
}

/** Longest comment or reply, in characters. */
export const COMMENT_MAX_CHARS = 2000;

/**
 * Every refusal the hub sends on a document socket, by its code: first a notice (message 20,
 * `{code, message}` in Chinese, for clients that read it), then a close whose reason is the code.
 * A stock y-websocket provider ignores message 20 but sees the close: it stops reconnecting on
 * 4400–4499 (a deliberate refusal, emitting `closed`) and reconnects on anything else (4500–4599:
 * try again later).
 *
 * `after` is what a client does next:
 * - `stop`: access is gone or never was; the document stays closed until the person acts.
 * - `resync`: the person may go on reading, but their copy holds an edit the hub refused; the
 *   client drops its local copy and loads the hub's again, so nothing refused lingers on screen.
 * - `reconnect`: try again later (the provider does so by itself).
 */
export const YJS_REFUSALS = {
  /** At the upgrade: no session and no invite token. */
  'sign-in-required': { code: 4401, after: 'stop' },
  /** The session behind the socket ended (signed out here or everywhere). */
  'signed-out': { code: 4401, after: 'stop' },
  /** At the upgrade: signed in (or an invite) but no role on the project. */
  'no-access': { code: 4403, after: 'stop' },
  /** At the upgrade: no such document. */
  'not-found': { code: 4404, after: 'stop' },
  /** A membership or invite link was taken away, or the project deleted. */
  'access-revoked': { code: 4410, after: 'stop' },
  /** The invite link that gave the socket its role expired. */
  'invite-expired': { code: 4410, after: 'stop' },
  /** A viewer's (or a commenter's, on the text) edit. */
  'read-only': { code: 4403, after: 'resync' },
  /** A commenter changing someone else's comment or writing in another's name. */
  'not-your-comment': { code: 4403, after: 'resync' },
  'update-too-large': { code: 4413, after: 'resync' },
  'document-too-large': { code: 4413, after: 'resync' },
  /** Presence (awareness) larger than {@link YJS_LIMITS.awarenessBytes}. */
  'awareness-too-large': { code: 4413, after: 'stop' },
  /** A message the protocol does not allow. */
  'bad-message': { code: 4400, after: 'stop' },
  'rate-limited': { code: 4529, after: 'reconnect' },
  'storage-failed': { code: 4500, after: 'reconnect' },
  /** The hub is shutting down or unloading the document. */
  'hub-closing': { code: 4503, after: 'reconnect' },
  /** The hub could not check access or load the document. */
  unavailable: { code: 4503, after: 'reconnect' },
} as const satisfies Record<string, { code: number; after: 'stop' | 'resync' | 'reconnect' }>;

/** Codes of the notice message (and reasons of the close that follows it). */
export type YjsNoticeCode = keyof typeof YJS_REFUSALS;
export const YJS_NOTICE_CODES = Object.keys(YJS_REFUSALS) as YjsNoticeCode[];

/** The refusal a close event stands for, or null for any other close. */
export function yjsRefusalOf(close: { code: number; reason: string }): YjsNoticeCode | null {
  const refusal = (YJS_REFUSALS as Record<string, { code: number }>)[close.reason];
  return refusal && refusal.code === close.code ? (close.reason as YjsNoticeCode) : null;
}

/** The notice message's payload. */
export interface YjsNotice {
  code: YjsNoticeCode;
  /** zh-CN, ready to show. */
  message: string;
}

/**
 * A steady presence colour for an id (account or invite), as `#rrggbb`: the only colour format
 * y-prosemirror's carets accept. The hub sets it in every awareness state it relays.
 */
export function presenceColor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hslToHex(hash % 360, 0.7, 0.45);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * Limits of documents. How many projects and documents an account may own follows its plan
 * (`workbenchProjects`, `workbenchDocuments` in content/pricing.md).
 */
export const YJS_LIMITS = {
  /** One update (or a client's sync step 2) may carry at most this much. */
  updateBytes: 512 * 1024,
  /** A document's whole state may not grow past this. */
  documentBytes: 4 * 1024 * 1024,
  /** Sustained messages per second per socket, and the burst above that. */
  messagesPerSecond: 60,
  messageBurst: 300,
  /** One presence (awareness) message may carry at most this much. */
  awarenessBytes: 4 * 1024,
  /** Presence messages per second per socket, and the burst above that; the latest waits, the rest are dropped. */
  awarenessPerSecond: 10,
  awarenessBurst: 30,
  /** Presence states (awareness client ids) one socket may speak for. */
  awarenessStatesPerSocket: 4,
  /** Named versions kept per document. */
  versionsPerDocument: 100,
} as const;
