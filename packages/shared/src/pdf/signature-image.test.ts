import { describe, expect, it } from 'vitest';
import { signatureBounds, signatureImage } from './signature-image.ts';

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
