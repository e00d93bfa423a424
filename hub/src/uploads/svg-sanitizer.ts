/**
 * A small, conservative SVG sanitizer for uploaded logos: an allow-list of drawing elements
 * and attributes, re-serialised from scratch so malformed input cannot smuggle markup through.
 *
 * Dropped (with everything inside): `script`, `style`, `foreignObject`, `image`, `a`,
 * animation elements and anything not on the list. Dropped attributes: every `on*` handler,
 * anything not on the list, `href`/`xlink:href` unless it points inside the document (`#id`),
 * and values that reference anything outside the document (`url(…)` other than `url(#id)`,
 * `javascript:`, `data:`). Rejected outright: DOCTYPE / ENTITY declarations (entity expansion
 * attacks), a root other than `<svg>`, unbalanced tags. The hub also serves SVG with
 * `Content-Security-Policy: sandbox`, so a miss here still cannot run script.
 */

const ALLOWED_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'metadata',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'linearGradient',
    'radialGradient',
    'stop',
    'pattern',
    'clipPath',
    'mask',
    'marker',
    'filter',
    'feGaussianBlur',
    'feOffset',
    'feBlend',
    'feColorMatrix',
    'feMerge',
    'feMergeNode',
    'feFlood',
    'feComposite',
    'feDropShadow',
  ].map((name) => name.toLowerCase()),
);

const ALLOWED_ATTRIBUTES = new Set(
  [
    'id',
    'class',
    'xmlns',
    'xmlns:xlink',
    'version',
    'viewBox',
    'preserveAspectRatio',
    'width',
    'height',
    'x',
    'y',
    'x1',
    'y1',
    'x2',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'fx',
    'fy',
    'd',
    'points',
    'pathLength',
    'transform',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'offset',
    'stop-color',
    'stop-opacity',
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-opacity',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'opacity',
    'clip-path',
    'clip-rule',
    'clipPathUnits',
    'mask',
    'maskUnits',
    'maskContentUnits',
    'patternUnits',
    'patternContentUnits',
    'patternTransform',
    'marker-start',
    'marker-mid',
    'marker-end',
    'markerWidth',
    'markerHeight',
    'refX',
    'refY',
    'orient',
    'markerUnits',
    'filter',
    'filterUnits',
    'primitiveUnits',
    'in',
    'in2',
    'result',
    'stdDeviation',
    'dx',
    'dy',
    'mode',
    'type',
    'values',
    'operator',
    'k1',
    'k2',
    'k3',
    'k4',
    'flood-color',
    'flood-opacity',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'text-anchor',
    'dominant-baseline',
    'alignment-baseline',
    'letter-spacing',
    'word-spacing',
    'text-decoration',
    'startOffset',
    'lengthAdjust',
    'textLength',
    'display',
    'visibility',
    'color',
    'style',
    'href',
    'xlink:href',
    'xml:space',
    'vector-effect',
    'shape-rendering',
  ].map((name) => name.toLowerCase()),
);

/** Containers whose direct text content is dropped (only whitespace belongs there). */
const CONTAINERS_WITHOUT_TEXT = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'lineargradient',
  'radialgradient',
  'pattern',
  'clippath',
  'mask',
  'marker',
  'filter',
]);

/** Why an SVG was refused. */
export class SvgRejected extends Error {
  override readonly name = 'SvgRejected';
}

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[\s\S]*?\?>|<\/\s*([A-Za-z][\w:.-]*)\s*>|<([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|[^<]+|</g;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Sanitizes SVG text; throws {@link SvgRejected} with a zh-CN reason when it cannot be made safe. */
export function sanitizeSvg(input: string): string {
  const source = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw new SvgRejected('不允许 DOCTYPE 或 ENTITY 声明');
  const out: string[] = [];
  /** Open elements: name and whether it is kept. */
  const stack: { name: string; kept: boolean }[] = [];
  let skipDepth = 0;
  let sawRoot = false;
  for (const match of source.matchAll(TOKEN)) {
    const [token, closeName, openName, rawAttributes = '', selfClosing] = match;
    if (token.startsWith('<!--') || token.startsWith('<?')) continue;
    if (token.startsWith('<![CDATA[')) {
      if (skipDepth === 0 && stack.length > 0) out.push(escapeText(token.slice(9, -3)));
      continue;
    }
    if (token.startsWith('<!')) throw new SvgRejected('包含不支持的声明');
    if (openName !== undefined) {
      const name = openName;
      if (!sawRoot) {
        if (name !== 'svg') throw new SvgRejected('根元素必须是 <svg>');
        sawRoot = true;
      } else if (stack.length === 0) {
        throw new SvgRejected('根元素之后还有内容');
      }
      const kept = skipDepth === 0 && ALLOWED_ELEMENTS.has(name.toLowerCase()) && !openName.includes(':');
      if (kept) out.push(`<${openName}${cleanAttributes(rawAttributes, name)}${selfClosing ? '/' : ''}>`);
      if (!selfClosing) {
        stack.push({ name: openName, kept });
        if (!kept) skipDepth += 1;
      }
      continue;
    }
    if (closeName !== undefined) {
      const open = stack.pop();
      if (!open || open.name !== closeName) throw new SvgRejected('标签不配对');
      if (open.kept) out.push(`</${open.name}>`);
      else skipDepth -= 1;
      continue;
    }
    if (token === '<') throw new SvgRejected('包含无法解析的标记');
    // Text: kept inside kept elements only, re-escaped.
    const parent = stack[stack.length - 1];
    if (skipDepth === 0 && parent?.kept && !CONTAINERS_WITHOUT_TEXT.has(parent.name.toLowerCase()))
      out.push(escapeText(decodeEntities(token)));
  }
  if (!sawRoot) throw new SvgRejected('不是 SVG 文件');
  if (stack.length > 0) throw new SvgRejected('标签没有闭合');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${out.join('')}\n`;
}

function cleanAttributes(raw: string, element: string): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const match of raw.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? '';
    const lower = name.toLowerCase();
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (seen.has(lower) || lower.startsWith('on') || !ALLOWED_ATTRIBUTES.has(lower)) continue;
    if (!safeValue(lower, value, element)) continue;
    seen.add(lower);
    kept.push(` ${name}="${escapeAttribute(value)}"`);
  }
  return kept.join('');
}

function safeValue(attribute: string, value: string, element: string): boolean {
  // Whitespace and control characters are ignored by URL parsers: drop them before matching.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (attribute === 'href' || attribute === 'xlink:href') return /^#[\w.-]+$/.test(value.trim());
  if (attribute === 'xmlns') return value === 'http://www.w3.org/2000/svg';
  if (attribute === 'xmlns:xlink') return value === 'http://www.w3.org/1999/xlink';
  if (/javascript:|vbscript:|data:|expression\(|@import|\\/.test(compact)) return false;
  // url(...) may only point inside the document.
  for (const url of compact.matchAll(/url\(([^)]*)\)/g))
    if (!/^['"]?#[\w.-]+['"]?$/.test(url[1] ?? '')) return false;
  if (attribute === 'style' && /[<>]/.test(value)) return false;
  return element !== '';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10), whole);
    return NAMED_ENTITIES[body] ?? '';
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff
    ? String.fromCodePoint(code)
    : fallback.replace('&', '&amp;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
