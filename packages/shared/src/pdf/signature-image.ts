// A stored signature (SVG text in the safe subset, a 300 × 400 pad) as a picture for a document: only the safe
// subset is ever embedded, and its viewBox is cropped to the strokes, so a signature fills a narrow table cell
// instead of shrinking to a dot in the middle of a tall, mostly empty canvas.
import { isSafeSignatureSvg } from '../driving-lessons-record/signature.ts';

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

/**
 * The signature ready to embed: null when there is none or it is not in the safe subset; otherwise the SVG with its
 * root's viewBox, width and height set to the strokes' bounds (a filled background rect is dropped, so the cell's
 * own background shows).
 */
export function signatureImage(svg: string | null | undefined): string | null {
  if (!svg || !isSafeSignatureSvg(svg)) return null;
  const withoutBackground = svg.replace(/<rect\b[^>]*\/>|<rect\b[^>]*>\s*<\/rect>/g, '');
  const box = signatureBounds(withoutBackground);
  if (!box) return withoutBackground;
  const r = (n: number) => Math.round(n * 100) / 100;
  return withoutBackground.replace(/<svg\b([^>]*)>/, (_whole, attrs: string) => {
    const rest = attrs.replace(/\s(?:viewBox|width|height)="[^"]*"/g, '');
    return `<svg${rest} viewBox="${r(box.x)} ${r(box.y)} ${r(box.width)} ${r(box.height)}" width="${r(box.width)}" height="${r(box.height)}">`;
  });
}
