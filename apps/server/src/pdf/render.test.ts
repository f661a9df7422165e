import { describe, expect, it } from 'vitest';
import { isFontFile, renderPdf } from './render.ts';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    const parts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
    }
    return parts.join('\n');
  } finally {
    await task.destroy();
  }
}

describe('renderPdf', () => {
  it('renders Czech text in DejaVu that extracts back letter for letter', async () => {
    const text = 'Příliš žluťoučký kůň úpěl ďábelské ódy — ŘŠČŽÝÁÍÉŮÚĚŤĎŇ';
    const bytes = await renderPdf({ content: [text, { text: 'Tučně', bold: true }, { text: 'Kurzíva', italics: true }] });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const extracted = await pdfText(bytes);
    expect(extracted).toContain('Příliš žluťoučký kůň úpěl ďábelské ódy');
    expect(extracted).toContain('ŘŠČŽÝÁÍÉŮÚĚŤĎŇ');
    expect(extracted).toContain('Tučně');
  });

  it('never reads a local file outside the font folder nor fetches a URL', async () => {
    await expect(renderPdf({ content: [{ image: '/etc/passwd' }] })).rejects.toThrow(/denied/);
    await expect(renderPdf({ content: [{ image: 'http://127.0.0.1:1/x.png' }] })).rejects.toThrow(/denied/);
    expect(isFontFile('/etc/passwd')).toBe(false);
    expect(isFontFile(`${process.cwd()}/node_modules/dejavu-fonts-ttf/ttf/../../../package.json`)).toBe(false);
  });
});
