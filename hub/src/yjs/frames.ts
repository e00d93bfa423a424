import { YJS_MESSAGE, YJS_REFUSALS, type YjsNoticeCode } from '@bianshi/shared';
import * as encoding from 'lib0/encoding';
import { NOTICE_MESSAGES } from './messages';

/** A message of `type` whose body `write` fills. */
export function frame(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** The notice (message 20) of a refusal: `{code, message}` with the Chinese message. */
export function noticeFrame(code: YjsNoticeCode): Uint8Array {
  const payload = JSON.stringify({ code, message: NOTICE_MESSAGES[code] });
  return frame(YJS_MESSAGE.notice, (encoder) => encoding.writeVarString(encoder, payload));
}

/** What a refusal needs of a socket. */
export interface RefusableSocket {
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

/**
 * Refuses on a socket the one way every client sees: the notice for clients that read it, then
 * the refusal's close (its code decides whether y-websocket reconnects; its reason is the code).
 */
export function refuse(socket: RefusableSocket, code: YjsNoticeCode): void {
  socket.send(noticeFrame(code));
  socket.close(YJS_REFUSALS[code].code, code);
}
