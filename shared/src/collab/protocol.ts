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
export function mayChangeAuthored(item: { authorId: string | null }, userId: string | null, role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'editor') || (userId !== null && item.authorId === userId);
}

/** Longest comment or reply, in characters. */
export const COMMENT_MAX_CHARS = 2000;

/** Why the hub closed a document socket (codes 4400–4499 are ours). */
export const YJS_CLOSE = {
  revoked: { code: 4410, reason: 'access-revoked' },
  // 45xx: y-websocket reconnects (try again later); 44xx: it does not (a deliberate refusal).
  rateLimited: { code: 4529, reason: 'rate-limited' },
  tooLarge: { code: 4413, reason: 'too-large' },
  unloaded: { code: 4503, reason: 'hub-closing' },
} as const;

/** Codes of the notice message. */
export const YJS_NOTICE_CODES = [
  'read-only',
  'update-too-large',
  'document-too-large',
  'rate-limited',
  'access-revoked',
  'storage-failed',
  'not-your-comment',
] as const;
export type YjsNoticeCode = (typeof YJS_NOTICE_CODES)[number];

/** The notice message's payload. */
export interface YjsNotice {
  code: YjsNoticeCode;
  /** zh-CN, ready to show. */
  message: string;
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
  /** Named versions kept per document. */
  versionsPerDocument: 100,
} as const;
