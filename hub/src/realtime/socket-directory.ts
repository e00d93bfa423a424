/** A connection as the directory sees it: it can only be closed. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** Whose account a connection speaks for, as resolved when it connected. */
export interface SocketAccount {
  userId: string;
  /** sha256 of the session token it presented, or null (a Supabase access token). */
  tokenHash: string | null;
}

/**
 * The open WebSocket connections of this hub that speak for an account. A connection's context
 * (and so its account) is resolved once, when it connects; when that account's sessions end,
 * the connection must end too, or it would keep the account's powers. The room registry closes
 * them on a `signout` notice, whichever hub ended the sessions.
 */
export class SocketDirectory {
  private readonly byUser = new Map<string, Map<ClosableSocket, SocketAccount>>();

  /** Registers a connection's account; returns the function that forgets it (on close). */
  add(socket: ClosableSocket, account: SocketAccount): () => void {
    let sockets = this.byUser.get(account.userId);
    if (!sockets) this.byUser.set(account.userId, (sockets = new Map()));
    sockets.set(socket, account);
    return () => {
      const current = this.byUser.get(account.userId);
      if (!current?.delete(socket)) return;
      if (current.size === 0) this.byUser.delete(account.userId);
    };
  }

  /**
   * Closes the connections of an account: those that presented the session whose token hashes
   * to `tokenHash`, or every one of them when it is null. Returns how many were closed.
   */
  closeAccount(userId: string, tokenHash: string | null, close: { code: number; reason: string }): number {
    const sockets = this.byUser.get(userId);
    if (!sockets) return 0;
    let closed = 0;
    for (const [socket, account] of [...sockets]) {
      if (tokenHash !== null && account.tokenHash !== tokenHash) continue;
      sockets.delete(socket);
      socket.close(close.code, close.reason);
      closed += 1;
    }
    if (sockets.size === 0) this.byUser.delete(userId);
    return closed;
  }
}
