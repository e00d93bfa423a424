import type { FileType } from './limits';

/**
 * The type of a file from its first bytes (magic numbers), never from its name or declared
 * content type. SVG is text, so it is recognised by an `<svg` root after an optional XML
 * declaration, comments and whitespace. Returns null for anything else.
 */
export function sniffType(bytes: Uint8Array): FileType | null {
  const b = bytes;
  const at = (offset: number, ...values: number[]) => values.every((value, i) => b[offset + i] === value);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(0, 'OggS')) return 'ogg';
  if (ascii(0, 'ID3')) return 'mp3';
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  if (looksLikeSvg(b)) return 'svg';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Skip an XML declaration, comments and whitespace before the root element.
  const prologue = /^(\s*(<\?xml[^>]*\?>|<!--[\s\S]*?-->))*\s*/.exec(text);
  const rest = text.slice(prologue?.[0].length ?? 0);
  return /^<svg[\s>/]/i.test(rest) || /^<!doctype\s+svg/i.test(rest);
}
