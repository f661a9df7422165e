// Tests read a PDF's text (never a binary snapshot): pdfjs-dist's text items joined per page.
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(
        content.items
          .map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : ''))
          .join(' ')
          .replace(/[ \t]+/g, ' '),
      );
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await task.destroy();
  }
}

/**
 * Renders a view-model to PDF bytes and its text. With PDF_SAMPLES_DIR set, the bytes are also written there as
 * `<name>.pdf`, to look at a rendered page as a picture (pdftoppm -png -r 60 x.pdf /tmp/x).
 */
export async function renderText<VM>(document: { render(vm: VM): import('pdfmake/interfaces.js').TDocumentDefinitions }, vm: VM, name?: string) {
  const { renderPdf } = await import('./render.ts');
  const bytes = await renderPdf(document.render(vm));
  const dir = process.env.PDF_SAMPLES_DIR;
  if (dir && name) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/${name}.pdf`, bytes);
  }
  return { bytes, ...(await pdfText(bytes)) };
}

/** How many strokes are drawn with round caps (the signatures' strokes; table rules use butt caps). */
export async function roundStrokeCount(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    let n = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const ops = await (await doc.getPage(i)).getOperatorList();
      ops.fnArray.forEach((f, k) => {
        if (f === pdfjs.OPS.setLineCap && ops.argsArray[k]?.[0] === 1) n += 1;
      });
    }
    return n;
  } finally {
    await task.destroy();
  }
}
