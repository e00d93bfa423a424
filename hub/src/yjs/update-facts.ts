import * as Y from 'yjs';

/** True when `update` carries items `doc` does not have yet. */
export function addsContent(doc: Y.Doc, update: Uint8Array): boolean {
  const { to } = Y.parseUpdateMeta(update);
  const have = stateVector(doc);
  for (const [client, clock] of to) if (clock > (have.get(client) ?? 0)) return true;
  return false;
}

/** An update with no delete ranges (only possibly structs). */
export function isEmptyDeleteSet(update: Uint8Array): boolean {
  return Y.decodeUpdate(update).ds.clients.size === 0;
}

/**
 * True when `update` deletes something `doc` has and has not deleted. A sync step 2 always
 * carries its sender's whole delete set, so "has delete ranges" says nothing; this compares
 * each range (within what `doc` knows) with `doc`'s own deletions.
 */
export function deletesSomething(doc: Y.Doc, update: Uint8Array): boolean {
  const incoming = Y.decodeUpdate(update).ds;
  if (incoming.clients.size === 0) return false;
  const have = stateVector(doc);
  const deleted = Y.createDeleteSetFromStructStore(doc.store);
  for (const [client, ranges] of incoming.clients) {
    const known = have.get(client) ?? 0;
    const mine = deleted.clients.get(client) ?? [];
    for (const range of ranges) {
      const end = Math.min(range.clock + range.len, known);
      if (range.clock < end && !covered(mine, range.clock, end)) return true;
    }
  }
  return false;
}

function stateVector(doc: Y.Doc): Map<number, number> {
  return Y.decodeStateVector(Y.encodeStateVector(doc));
}

/** Whether sorted, merged ranges cover every clock in [from, to). */
function covered(ranges: readonly { clock: number; len: number }[], from: number, to: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (range.clock + range.len <= from) low = middle + 1;
    else if (range.clock > from) high = middle - 1;
    else return range.clock + range.len >= to;
  }
  return false;
}
