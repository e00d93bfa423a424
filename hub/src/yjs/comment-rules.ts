/**
 * Who may change what in a comments document (`<id>-comments`). Below the editor role (a
 * commenter), a socket may add comments and replies in its own account's name, resolve or reopen
 * any comment, change its own, and delete its own comments (with every reply under them, whoever
 * wrote those) and its own replies. Editors and owners may change anything. The client offers no
 * more than this; the hub checks it, so a client that writes the document directly cannot speak
 * in someone else's name or remove their words.
 */
import { mayChangeAuthored, type CommentReply, type DocComment, type ProjectRole } from '@bianshi/shared';
import * as Y from 'yjs';

type Entry = { authorId: string | null };

/** The entries of a map, keyed by id, as JSON (what the map holds is plain JSON). */
function entries<T>(map: Y.Map<T>): Map<string, T> {
  return new Map(map.entries());
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * True when `update`, applied over `base` (the document and whatever is waiting to be written),
 * changes a comment or reply that `userId`, with `role`, may not change.
 */
export function commentUpdateRefused(
  base: Uint8Array,
  update: Uint8Array,
  userId: string | null,
  role: ProjectRole,
): boolean {
  const probe = new Y.Doc();
  Y.applyUpdate(probe, base);
  const comments = probe.getMap<DocComment>('comments');
  const replies = probe.getMap<CommentReply>('replies');
  const before = { comments: entries(comments), replies: entries(replies) };
  Y.applyUpdate(probe, update);
  const after = { comments: entries(comments), replies: entries(replies) };
  probe.destroy();
  const mine = (entry: Entry | undefined) => entry !== undefined && mayChangeAuthored(entry, userId, role);

  const removedComments = new Set<string>();
  for (const [id, old] of before.comments) {
    const now = after.comments.get(id);
    if (now === undefined) {
      if (!mine(old)) return true;
      removedComments.add(id);
    } else if (
      !same(old, now) &&
      !(mine(old) && mine(now)) &&
      !same({ ...old, resolved: false }, { ...now, resolved: false })
    ) {
      return true;
    }
  }
  for (const [id, now] of after.comments) if (!before.comments.has(id) && !mine(now)) return true;

  for (const [id, old] of before.replies) {
    const now = after.replies.get(id);
    if (now === undefined) {
      if (!mine(old) && !removedComments.has(old.commentId)) return true;
    } else if (!same(old, now) && !(mine(old) && mine(now))) {
      return true;
    }
  }
  for (const [id, now] of after.replies) if (!before.replies.has(id) && !mine(now)) return true;
  return false;
}
