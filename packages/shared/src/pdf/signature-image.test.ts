import { describe, expect, it } from 'vitest';
import { mergeSignaturePaths, signatureBounds, signatureImage, signatureStrokes } from './signature-image.ts';

const pad = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">${body}</svg>`;

describe('signatureImage', () => {
  it('crops the viewBox to the strokes with a margin', () => {
    const svg = pad('<path d="M 20 200 C 60 120 120 280 180 200 S 260 160 280 210" fill="none" stroke="black" stroke-width="3"/>');
    expect(signatureBounds(svg)).toEqual({ x: 12, y: 112, width: 276, height: 176 });
    const out = signatureImage(svg);
    expect(out).toContain('viewBox="12 112 276 176" width="276" height="176"');
    expect(out).toContain('<path d="M 20 200');
    expect(out?.match(/viewBox=/g)).toHaveLength(1);
  });

  it('takes circles and lines into the bounds and drops a background rect', () => {
    const svg = pad(
      '<rect width="100%" height="100%" fill="white"/><circle r="2" cx="50" cy="60" fill="black"/><line x1="10" y1="70" x2="90" y2="75" stroke="black"/>',
    );
    expect(signatureBounds(svg)).toEqual({ x: 2, y: 50, width: 96, height: 33 });
    expect(signatureImage(svg)).not.toContain('<rect');
  });

  it('keeps the pad frame when a path uses relative commands', () => {
    const svg = pad('<path d="M 20 200 l 10 10" stroke="black"/>');
    expect(signatureBounds(svg)).toBeNull();
    expect(signatureImage(svg)).toContain('viewBox="0 0 300 400"');
  });

  it('embeds nothing unsafe or empty', () => {
    expect(signatureImage(null)).toBeNull();
    expect(signatureImage('')).toBeNull();
    expect(signatureImage('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).toBeNull();
    expect(signatureImage(pad('<path d="M 0 0" onload="x()"/>'))).toBeNull();
  });
});

describe('mergeSignaturePaths', () => {
  it("merges the pad's per-segment paths into one per colour and half-unit stroke width, keeping filled paths", () => {
    const svg = pad(
      '<path d="M 10,20 C 11,21 12,22 13,23" stroke-width="2.1" stroke="black" fill="none" stroke-linecap="round"></path>' +
        '<path d="M 13,23 C 14,24 15,25 16,26" stroke-width="2.2" stroke="black" fill="none" stroke-linecap="round"></path>' +
        '<path d="M 16,26 L 30,30" stroke-width="3" stroke="black" fill="none"/>' +
        '<path d="M 0,0 L 5,5 Z" fill="black"/>',
    );
    const out = mergeSignaturePaths(svg);
    expect(out.match(/<path/g)).toHaveLength(3);
    expect(out).toContain('<path d="M 10,20 C 11,21 12,22 13,23 M 13,23 C 14,24 15,25 16,26" stroke="black" stroke-width="2"');
    expect(out).toContain('<path d="M 16,26 L 30,30" stroke="black" stroke-width="3"');
    expect(out).toContain('<path d="M 0,0 L 5,5 Z" fill="black"/>');
    expect(signatureImage(svg)).toMatch(/^<svg[^>]*viewBox="-8 -8 46 46"/);
  });
});

describe('signatureStrokes', () => {
  it('flattens the pad’s chained segments into one polyline per chain, relative to the cropped box', () => {
    const svg = pad(
      '<path d="M 20,200 C 22,198 24,198 26,200" stroke-width="2.1" stroke="black" fill="none"></path>' +
        '<path d="M 26,200 C 40,220 60,220 80,200" stroke-width="2.4" stroke="black" fill="none"></path>' +
        '<path d="M 100,100 l 10,0 v 10 h -10 z" stroke-width="1" stroke="#336699" fill="none"></path>' +
        '<circle r="2" cx="150" cy="150" fill="black"></circle>',
    );
    const s = signatureStrokes(svg)!;
    expect(s.strokes).toHaveLength(2);
    expect(s.strokes[0]).toMatchObject({ color: 'black' });
    expect(s.strokes[0].width).toBeCloseTo(2.25); // the chain's mean width
    expect(s.strokes[0].points[0]).toEqual([8, 108]); // (20,200) less the box corner (12, 92)
    expect(s.strokes[0].points.at(-1)).toEqual([68, 108]);
    expect(s.strokes[1].points).toEqual([
      [88, 8],
      [98, 8],
      [98, 18],
      [88, 18],
      [88, 8],
    ]);
    expect(s.dots).toEqual([{ x: 138, y: 58, r: 2, color: 'black' }]);
    expect(s.width).toBe(148);
    expect(s.height).toBeCloseTo(130.9, 1);
  });

  it('draws nothing from a non-picture, an empty one or one with transforms', () => {
    expect(signatureStrokes(null)).toBeNull();
    expect(signatureStrokes('hello')).toBeNull();
    expect(signatureStrokes(pad(''))).toBeNull();
    expect(signatureStrokes(pad('<g transform="scale(2)"><path d="M 0 0 L 1 1"/></g>'))).toBeNull();
  });
});

describe('signatureStrokes path data', () => {
  it('reads numbers written together (signs, exponents, commas) and stops at anything that is not path data', () => {
    const at = (d: string) => signatureStrokes(pad(`<path d="${d}" stroke="black" fill="none"/>`))?.strokes.map((s) => s.points.length);
    expect(at('M10-20L30,40 50e0 6e1')).toEqual([3]);
    expect(at('M 10 20 H 30 V 40 h -5 v -5 Z')).toEqual([6]);
    expect(at('M 10 20 Q 30 40 50 60 T 90 100')).toBeTruthy();
    expect(at('M 10 20 X 30 40')).toBeUndefined();
    expect(at('M 10 20 L # 5')).toBeUndefined();
  });
});
