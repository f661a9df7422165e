// pdfmake on the server (issue 10): one configured instance for every document. Fonts are the embedded DejaVu set
// (every Czech letter), no URL is ever fetched and the only local files pdfmake may open are the font files — a
// document definition built from school data (a name, a note) can therefore never make the server read a file or
// call out. pdfmake 0.3 is a module-level singleton: configure it once, here, and render only through `renderPdf`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces.js';

/** The default font family of every document (regular/bold/italic/bold italic). */
export const PDF_FONT = 'DejaVuSans';
/** A narrower family for wide tables (same four styles). */
export const PDF_FONT_CONDENSED = 'DejaVuSansCondensed';

const FONT_DIR = resolve(join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf'));

function family(base: string): TFontDictionary[string] {
  return {
    normal: join(FONT_DIR, `${base}.ttf`),
    bold: join(FONT_DIR, `${base}-Bold.ttf`),
    italics: join(FONT_DIR, `${base}-Oblique.ttf`),
    bolditalics: join(FONT_DIR, `${base}-BoldOblique.ttf`),
  };
}

const fontBytes = new Map<string, Buffer>();
/** A DejaVu font's bytes by its file's base name ('DejaVuSansCondensed-Bold'), read once per thread (pdfkit documents). */
export function fontFile(base: string): Buffer {
  let bytes = fontBytes.get(base);
  if (!bytes) {
    bytes = readFileSync(join(FONT_DIR, `${base}.ttf`));
    fontBytes.set(base, bytes);
  }
  return bytes;
}

/** True only for a file inside the font folder (after resolving `..`). */
export function isFontFile(path: string): boolean {
  return resolve(path).startsWith(FONT_DIR + sep);
}

let configured = false;
function configure(): void {
  if (configured) return;
  pdfmake.setFonts({ [PDF_FONT]: family('DejaVuSans'), [PDF_FONT_CONDENSED]: family('DejaVuSansCondensed') });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(isFontFile);
  configured = true;
}

/**
 * Renders a pdfmake definition to the bytes of a PDF. The default style's font is DejaVu Sans unless the definition
 * names one of the two families itself. Throws on a definition pdfmake refuses (an unknown font, a denied resource).
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  configure();
  const def: TDocumentDefinitions = {
    ...definition,
    defaultStyle: { font: PDF_FONT, ...definition.defaultStyle },
  };
  return pdfmake.createPdf(def).getBuffer();
}
