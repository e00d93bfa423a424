/**
 * Collaborative documents on the hub (`/api/yjs/<documentId>`): a Y.Doc with an IndexedDB copy
 * and a WebsocketProvider, presence, and the hub's notices. Used by the workbench and flows.
 */
export { colorFor, DocSession, type DocSessionState, type DocStatus, type PresenceUser } from './doc-session';
export { usePresence, useDocSession } from './use-doc-session';
export { useYArray, useYMap } from './use-y';
