// Test helper: checks a Pohoda data pack against STORMWARE's own schemas (./xsd, data.xsd and its imports) with
// libxml2 compiled to WebAssembly (xmllint-wasm): the same check as `xmllint --schema data.xsd`, with no system tool.
import { readdirSync, readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const dir = new URL('./xsd/', import.meta.url);
let files: { fileName: string; contents: string }[] | undefined;

function schemaFiles() {
  files ??= readdirSync(dir)
    .filter((f) => f.endsWith('.xsd'))
    .map((f) => ({ fileName: f, contents: readFileSync(new URL(f, dir), 'utf8') }));
  return files;
}

/** The schema errors of `xml` (empty when valid). */
export async function pohodaSchemaErrors(xml: string): Promise<string[]> {
  const all = schemaFiles();
  const data = all.find((f) => f.fileName === 'data.xsd');
  if (!data) throw new Error('data.xsd missing');
  const result = await validateXML({
    xml: [{ fileName: 'pohoda.xml', contents: xml }],
    schema: [data],
    preload: all.filter((f) => f !== data),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
