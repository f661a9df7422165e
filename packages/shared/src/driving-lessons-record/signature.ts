// Signatures are SVG text drawn on the signature pad (spec §2 Signature dialog) and shown back as pictures, so the
// server stores only a strict subset of SVG (DESIGN §8): an allow-list parser, not a blacklist. What the pad's
// toSVG() writes passes: <svg xmlns xmlns:xlink viewBox width height> with <path d stroke-width stroke fill
// stroke-linecap>, <circle r cx cy fill>, <line x1 y1 x2 y2 stroke stroke-width stroke-linecap> and, with a
// background colour, <rect width="100%" height="100%" fill>. Everything else — scripts, event handlers, links,
// styles, foreignObject, entities, comments, CDATA, doctypes, nested svg — is refused.

export const SIGNATURE_MAX_LENGTH = 300_000;

const ELEMENTS = new Set(['svg', 'g', 'path', 'circle', 'rect', 'line']);

// Written so that no two parts can match the same digits (`\d+(?:\.\d*)?`, not `\d+\.?\d*`): a value the patterns
// refuse is refused in linear time, never by trying every split of a long run of digits.
const number = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
/** No attribute but the path data needs more; checked before any pattern runs. */
const MAX_VALUE_LENGTH = 200;
const length = new RegExp(`^${number}(?:px|%)?$`);
const numbers = new RegExp(String.raw`^\s*${number}(?:(?:\s*,\s*|\s+)${number})*\s*$`);
const color = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30}|rgba?\(\s*[0-9.]+%?\s*,\s*[0-9.]+%?\s*,\s*[0-9.]+%?\s*(?:,\s*[0-9.]+%?\s*)?\))$/;
const pathData = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$/;
const transformFn = String.raw`(?:translate|scale)\(\s*${number}(?:(?:\s*,\s*|\s+)${number})?\s*\)`;
const transform = new RegExp(String.raw`^\s*${transformFn}(?:\s*,?\s*${transformFn})*\s*$`);

const ATTRIBUTES: Record<string, RegExp> = {
  xmlns: /^http:\/\/www\.w3\.org\/2000\/svg$/,
  'xmlns:xlink': /^http:\/\/www\.w3\.org\/1999\/xlink$/,
  version: /^1\.[01]$/,
  viewBox: numbers,
  width: length,
  height: length,
  d: pathData,
  fill: color,
  stroke: color,
  'stroke-width': length,
  'stroke-linecap': /^(?:butt|round|square)$/,
  'stroke-linejoin': /^(?:miter|round|bevel|arcs|miter-clip)$/,
  cx: length,
  cy: length,
  r: length,
  x: length,
  y: length,
  x1: length,
  y1: length,
  x2: length,
  y2: length,
  transform,
};

/** Besides each attribute's own pattern: never these, whatever the pattern would let through. */
const forbidden = /url\(|javascript|expression|data:|[<>&"'`\\]/i;

const xmlDeclaration =
  /^<\?xml\s+version\s*=\s*(["'])1\.[01]\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]{0,40}\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/;
const name = /^[A-Za-z][A-Za-z0-9:_-]*/;
const attribute = /^\s+([A-Za-z][A-Za-z0-9:_-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/**
 * Whether the text is a signature picture in the safe subset of SVG: one root <svg> of the allowed elements and
 * attributes, values of safe characters only, at most 300,000 characters, nothing but whitespace between tags, and
 * only an optional leading XML declaration.
 */
export function isSafeSignatureSvg(text: string): boolean {
  if (typeof text !== 'string' || text.length === 0 || text.length > SIGNATURE_MAX_LENGTH) return false;
  let rest = text.replace(/^\s+/, '');
  const declaration = xmlDeclaration.exec(rest);
  if (declaration) rest = rest.slice(declaration[0].length);
  const open: string[] = [];
  let seenRoot = false;
  while (true) {
    // Between tags: whitespace only (no text, no entities, no comments, CDATA, doctypes or processing instructions).
    const ws = /^\s*/.exec(rest)?.[0] ?? '';
    rest = rest.slice(ws.length);
    if (rest.length === 0) break;
    if (!rest.startsWith('<')) return false;
    if (rest.startsWith('</')) {
      const m = /^<\/([A-Za-z][A-Za-z0-9:_-]*)\s*>/.exec(rest);
      if (!m || open.pop() !== m[1]) return false;
      rest = rest.slice(m[0].length);
      continue;
    }
    rest = rest.slice(1);
    const tag = name.exec(rest)?.[0];
    if (!tag || !ELEMENTS.has(tag)) return false;
    // One root, an svg; svg nowhere else.
    if (open.length === 0 ? seenRoot || tag !== 'svg' : tag === 'svg') return false;
    seenRoot = true;
    rest = rest.slice(tag.length);
    const seen = new Set<string>();
    while (true) {
      const m = attribute.exec(rest);
      if (!m) break;
      const [whole, key] = m;
      const value = m[2] ?? m[3] ?? '';
      const pattern = ATTRIBUTES[key];
      if (!pattern || seen.has(key) || (key !== 'd' && value.length > MAX_VALUE_LENGTH)) return false;
      if (forbidden.test(value) || !pattern.test(value)) return false;
      seen.add(key);
      rest = rest.slice(whole.length);
    }
    const end = /^\s*(\/?)>/.exec(rest);
    if (!end) return false;
    rest = rest.slice(end[0].length);
    if (!end[1]) open.push(tag);
  }
  return seenRoot && open.length === 0;
}
