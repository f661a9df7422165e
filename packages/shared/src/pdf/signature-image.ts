// A stored signature (SVG text in the safe subset, a 300 × 400 pad) as a picture for a document: only the safe
// subset is ever embedded, and its viewBox is cropped to the strokes, so a signature fills a narrow table cell
// instead of shrinking to a dot in the middle of a tall, mostly empty canvas.
import { isSafeSignatureSvg, SIGNATURE_MAX_LENGTH } from '../driving-lessons-record/signature.ts';

const PAD = 8;

/** The strokes' bounding box when every coordinate is absolute (what the pad writes); null otherwise. */
export function signatureBounds(svg: string): { x: number; y: number; width: number; height: number } | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const m of svg.matchAll(/\sd="([^"]*)"/g)) {
    const d = m[1];
    // Relative commands or arcs (radii, flags) do not list absolute points: keep the pad's own frame.
    if (/[mlcsqthvaA]/.test(d)) return null;
    let cmd = '';
    let nums: number[] = [];
    const flush = () => {
      if (cmd === 'H') xs.push(...nums);
      else if (cmd === 'V') ys.push(...nums);
      else
        for (let i = 0; i + 1 < nums.length; i += 2) {
          xs.push(nums[i]);
          ys.push(nums[i + 1]);
        }
      nums = [];
    };
    for (const t of d.matchAll(/([MLCSQTHVZ])|([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)/g)) {
      if (t[1]) {
        flush();
        cmd = t[1];
      } else nums.push(Number(t[2]));
    }
    flush();
  }
  for (const m of svg.matchAll(/<(circle|line)\b([^>]*)>/g)) {
    const attr = (name: string) => {
      const a = new RegExp(`\\s${name}="([-+0-9.eE]+)"`).exec(m[2]);
      return a ? Number(a[1]) : null;
    };
    if (m[1] === 'circle') {
      const [cx, cy, r] = [attr('cx'), attr('cy'), attr('r') ?? 0];
      if (cx === null || cy === null) return null;
      xs.push(cx - r, cx + r);
      ys.push(cy - r, cy + r);
    } else {
      const [x1, y1, x2, y2] = [attr('x1'), attr('y1'), attr('x2'), attr('y2')];
      if (x1 === null || y1 === null || x2 === null || y2 === null) return null;
      xs.push(x1, x2);
      ys.push(y1, y2);
    }
  }
  if (xs.length === 0 || ys.length === 0 || ![...xs, ...ys].every(Number.isFinite)) return null;
  const x = Math.min(...xs) - PAD;
  const y = Math.min(...ys) - PAD;
  return { x, y, width: Math.max(...xs) + PAD - x, height: Math.max(...ys) + PAD - y };
}

const attrPatterns = new Map<string, RegExp>();
function attr(attrs: string, name: string): string | undefined {
  let re = attrPatterns.get(name);
  if (!re) {
    re = new RegExp(`\\s${name}="([^"]*)"`);
    attrPatterns.set(name, re);
  }
  return re.exec(attrs)?.[1];
}

/**
 * The pad writes one <path> per curve segment (a hundred or more per signature, each with its own stroke width):
 * drawn as they are, 120 signatures take pdfmake's SVG renderer most of a second. Stroked paths are merged into one
 * path per colour and stroke width rounded to half a unit, which looks the same at signature size and draws ~20×
 * faster. Paths with a fill or a transform stay as they are.
 */
export function mergeSignaturePaths(svg: string): string {
  const groups = new Map<string, string[]>();
  const kept = svg.replace(/<path\b([^>]*?)\s*(?:\/>|>\s*<\/path>)/g, (whole, attrs: string) => {
    const d = attr(attrs, 'd');
    const fill = attr(attrs, 'fill');
    if (!d || (fill && fill !== 'none') || attr(attrs, 'transform') !== undefined) return whole;
    const width = Math.round(Number(attr(attrs, 'stroke-width') ?? '1') * 2) / 2;
    const key = `${attr(attrs, 'stroke') ?? 'black'}|${Number.isFinite(width) ? width : 1}|${attr(attrs, 'stroke-linecap') ?? 'round'}`;
    const list = groups.get(key) ?? [];
    list.push(d.trim());
    groups.set(key, list);
    return '';
  });
  if (groups.size === 0) return svg;
  const merged = [...groups.entries()]
    .map(([key, ds]) => {
      const [stroke, width, cap] = key.split('|');
      return `<path d="${ds.join(' ')}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="${cap}" stroke-linejoin="round" fill="none"/>`;
    })
    .join('');
  return kept.replace(/<\/svg>\s*$/, `${merged}</svg>`);
}

/**
 * The signature ready to embed: null when there is none or it is not in the safe subset; otherwise the SVG with its
 * root's viewBox, width and height set to the strokes' bounds (a filled background rect is dropped, so the cell's
 * own background shows).
 */
export function signatureImage(svg: string | null | undefined): string | null {
  if (!svg || !isSafeSignatureSvg(svg)) return null;
  const withoutBackground = mergeSignaturePaths(svg.replace(/<rect\b[^>]*\/>|<rect\b[^>]*>\s*<\/rect>/g, ''));
  const box = signatureBounds(withoutBackground);
  // Built only from the validated text's own parts; checked again all the same (it must stay in the safe subset).
  if (!box) return isSafeSignatureSvg(withoutBackground) ? withoutBackground : null;
  const r = (n: number) => Math.round(n * 100) / 100;
  const cropped = withoutBackground.replace(/<svg\b([^>]*)>/, (_whole, attrs: string) => {
    const rest = attrs.replace(/\s(?:viewBox|width|height)="[^"]*"/g, '');
    return `<svg${rest} viewBox="${r(box.x)} ${r(box.y)} ${r(box.width)} ${r(box.height)}" width="${r(box.width)}" height="${r(box.height)}">`;
  });
  return isSafeSignatureSvg(cropped) ? cropped : null;
}

export interface SignatureStrokes {
  /** The strokes' bounding box (with a margin), in the pad's units. */
  width: number;
  height: number;
  /** Polylines relative to the box's top-left corner; curves flattened. */
  strokes: { width: number; color: string; points: [number, number][] }[];
  dots: { x: number; y: number; r: number; color: string }[];
}

/** A curve is cut into straight pieces of about this length (pad units) — the pad's own segments are ~2–8 long. */
const CURVE_PIECE = 6;
const steps = (...p: number[]) => {
  let len = 0;
  for (let k = 2; k < p.length; k += 2) len += Math.hypot(p[k] - p[k - 2], p[k + 1] - p[k - 1]);
  return Math.min(16, Math.max(1, Math.ceil(len / CURVE_PIECE)));
};

/** Flattens one path's data (absolute or relative commands; arcs as straight lines) into polylines. */
function flattenPath(d: string): [number, number][][] {
  // A scanner over the characters (a regex split made this the slowest part of a ride record's PDF).
  const len = d.length;
  const lines: [number, number][][] = [];
  let line: [number, number][] = [];
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let [cx, cy] = [0, 0]; // last control point (for S and T)
  let cmd = '';
  let i = 0;
  const skip = () => {
    while (i < len) {
      const c = d.charCodeAt(i);
      if (c === 32 || c === 44 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  /** The next number, or NaN (which ends the path); accumulated digit by digit, the exactness drawing needs. */
  const num = () => {
    skip();
    let c = d.charCodeAt(i);
    let sign = 1;
    if (c === 45 || c === 43) {
      if (c === 45) sign = -1;
      c = d.charCodeAt(++i);
    }
    let v = 0;
    let any = false;
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      any = true;
      c = d.charCodeAt(++i);
    }
    if (c === 46) {
      let f = 0.1;
      c = d.charCodeAt(++i);
      while (c >= 48 && c <= 57) {
        v += (c - 48) * f;
        f /= 10;
        any = true;
        c = d.charCodeAt(++i);
      }
    }
    if (!any) return Number.NaN;
    if (c === 101 || c === 69) {
      c = d.charCodeAt(++i);
      let es = 1;
      if (c === 45 || c === 43) {
        if (c === 45) es = -1;
        c = d.charCodeAt(++i);
      }
      let e = 0;
      while (c >= 48 && c <= 57) {
        e = e * 10 + (c - 48);
        c = d.charCodeAt(++i);
      }
      v *= 10 ** (es * e);
    }
    return sign * v;
  };
  const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const hasNumber = () => {
    skip();
    return i < len && !isLetter(d.charCodeAt(i));
  };
  const cubic = (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) => {
    const n = steps(x, y, x1, y1, x2, y2, x3, y3);
    for (let s = 1; s <= n; s++) {
      const t = s / n;
      const u = 1 - t;
      line.push([
        u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
        u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
      ]);
    }
    [cx, cy, x, y] = [x2, y2, x3, y3];
  };
  const quad = (x1: number, y1: number, x2: number, y2: number) => {
    const n = steps(x, y, x1, y1, x2, y2);
    for (let s = 1; s <= n; s++) {
      const t = s / n;
      const u = 1 - t;
      line.push([u * u * x + 2 * u * t * x1 + t * t * x2, u * u * y + 2 * u * t * y1 + t * t * y2]);
    }
    [cx, cy, x, y] = [x1, y1, x2, y2];
  };
  while (true) {
    skip();
    if (i >= len) break;
    if (isLetter(d.charCodeAt(i))) cmd = d[i++];
    else if (!cmd) return lines;
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M': {
        if (line.length > 1) lines.push(line);
        x = ox + num();
        y = oy + num();
        [sx, sy, cx, cy] = [x, y, x, y];
        line = [[x, y]];
        cmd = rel ? 'l' : 'L'; // further pairs are line-tos
        break;
      }
      case 'L':
        x = ox + num();
        y = oy + num();
        line.push([x, y]);
        [cx, cy] = [x, y];
        break;
      case 'H':
        x = ox + num();
        line.push([x, y]);
        [cx, cy] = [x, y];
        break;
      case 'V':
        y = oy + num();
        line.push([x, y]);
        [cx, cy] = [x, y];
        break;
      case 'C': {
        const [a, b, c, e, f, g] = [num(), num(), num(), num(), num(), num()];
        cubic(ox + a, oy + b, ox + c, oy + e, ox + f, oy + g);
        break;
      }
      case 'S': {
        const [c, e, f, g] = [num(), num(), num(), num()];
        cubic(2 * x - cx, 2 * y - cy, ox + c, oy + e, ox + f, oy + g);
        break;
      }
      case 'Q': {
        const [a, b, c, e] = [num(), num(), num(), num()];
        quad(ox + a, oy + b, ox + c, oy + e);
        break;
      }
      case 'T':
        quad(2 * x - cx, 2 * y - cy, ox + num(), oy + num());
        break;
      case 'A': {
        for (let k = 0; k < 5; k++) num();
        x = ox + num();
        y = oy + num();
        line.push([x, y]);
        [cx, cy] = [x, y];
        break;
      }
      case 'Z':
        line.push([sx, sy]);
        [x, y, cx, cy] = [sx, sy, sx, sy];
        if (hasNumber()) return lines; // numbers after Z: not a path
        break;
      default:
        return lines;
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) return [];
  }
  if (line.length > 1) lines.push(line);
  return lines;
}

/**
 * A stored signature as plain vector strokes for the PDF: pdfmake draws polylines natively in a fraction of the time
 * its SVG renderer needs (120 signatures of a ride record: ~20 ms instead of ~450). Only numbers are read from the
 * text, so nothing in it can reach the document but coordinates. Null when there is nothing to draw, or when the
 * picture uses transforms (the caller falls back to the SVG).
 */
export function signatureStrokes(svg: string | null | undefined): SignatureStrokes | null {
  if (!svg || svg.length > SIGNATURE_MAX_LENGTH || !/^\s*(?:<\?xml[^>]*>\s*)?<svg\b/.test(svg) || svg.includes('transform=')) return null;
  const strokes: SignatureStrokes['strokes'] = [];
  const chainLength = new Map<SignatureStrokes['strokes'][number], number>();
  const dots: SignatureStrokes['dots'] = [];
  const colorOf = (c: string | undefined) => (c && /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30})$/.test(c) && c !== 'none' ? c : '#000000');
  for (const m of svg.matchAll(/<(path|line|circle)\b([^>]*)>/g)) {
    const attrs = m[2];
    if (m[1] === 'circle') {
      const [x, y, r] = ['cx', 'cy', 'r'].map((n) => Number(attr(attrs, n)));
      if ([x, y, r].every(Number.isFinite)) dots.push({ x, y, r, color: colorOf(attr(attrs, 'fill')) });
      continue;
    }
    const lines =
      m[1] === 'line'
        ? [
            [
              [Number(attr(attrs, 'x1')), Number(attr(attrs, 'y1'))],
              [Number(attr(attrs, 'x2')), Number(attr(attrs, 'y2'))],
            ] as [number, number][],
          ].filter((l) => l.flat().every(Number.isFinite))
        : flattenPath(attr(attrs, 'd') ?? '');
    const width = Number(attr(attrs, 'stroke-width') ?? '1');
    const fill = attr(attrs, 'fill');
    const stroke = attr(attrs, 'stroke');
    const color = colorOf(stroke && stroke !== 'none' ? stroke : fill);
    for (const points of lines) {
      const w = Number.isFinite(width) ? width : 1;
      // The pad writes a stroke as a chain of segments, each starting where the last ended and each with its own width
      // (pen pressure): one polyline per chain, at the chain's mean width — the difference is invisible at print size,
      // and every separate element costs the PDF renderer a graphics-state change.
      const prev = strokes.at(-1);
      const end = prev?.points.at(-1);
      if (prev && end && prev.color === color && Math.abs(end[0] - points[0][0]) < 0.01 && Math.abs(end[1] - points[0][1]) < 0.01) {
        const n = chainLength.get(prev) ?? 1;
        prev.width = (prev.width * n + w) / (n + 1);
        chainLength.set(prev, n + 1);
        for (let k = 1; k < points.length; k++) prev.points.push(points[k]);
      } else strokes.push({ width: w, color, points });
    }
  }
  if (strokes.length === 0 && dots.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const s of strokes)
    for (const [x, y] of s.points) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  for (const d of dots) {
    minX = Math.min(minX, d.x - d.r);
    minY = Math.min(minY, d.y - d.r);
    maxX = Math.max(maxX, d.x + d.r);
    maxY = Math.max(maxY, d.y + d.r);
  }
  const x0 = minX - PAD;
  const y0 = minY - PAD;
  return {
    width: maxX + PAD - x0,
    height: maxY + PAD - y0,
    strokes: strokes.map((s) => ({ ...s, points: s.points.map(([x, y]) => [x - x0, y - y0] as [number, number]) })),
    dots: dots.map((d) => ({ ...d, x: d.x - x0, y: d.y - y0 })),
  };
}
