import { describe, expect, it } from 'vitest';
import { isSafeSignatureSvg, SIGNATURE_MAX_LENGTH } from './signature.ts';

const open = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 400" width="300" height="400">';
const path =
  '<path d="M 10.000,20.000 C 11.500,21.250 13.000,22.500 15.000,24.000" stroke-width="3.375" stroke="black" fill="none" stroke-linecap="round"></path>';
const wrap = (inner: string) => `${open}${inner}</svg>`;

// signature_pad 5.1.4's toSVG() in Chromium (devicePixelRatio 2, the dialog's pen colour, a stroke, a dot and the
// straight segment it writes as <line>), without and with the background colour.
const CHROMIUM_TO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 400" width="300" height="400"><path d="M 10.000,10.000 C 16.439,30.507 20.000,25.000 30.000,40.000" stroke-width="2.182" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><path d="M 30.000,40.000 C 46.865,49.378 41.439,48.007 60.000,45.000" stroke-width="2.006" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><path d="M 60.000,45.000 C 78.962,13.561 76.865,39.378 90.000,20.000" stroke-width="1.731" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><circle r="1.5" cx="200" cy="200" fill="#1f1f1f"></circle><line x1="100" y1="300" x2="150" y2="300" stroke="rgb(0, 0, 0)" stroke-width="3" stroke-linecap="round"></line></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 400" width="300" height="400"><rect width="100%" height="100%" fill="rgba(0,0,0,0)"></rect><path d="M 10.000,10.000 C 16.439,30.507 20.000,25.000 30.000,40.000" stroke-width="2.182" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><path d="M 30.000,40.000 C 46.865,49.378 41.439,48.007 60.000,45.000" stroke-width="2.006" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><path d="M 60.000,45.000 C 78.962,13.561 76.865,39.378 90.000,20.000" stroke-width="1.731" stroke="#1f1f1f" fill="none" stroke-linecap="round"></path><circle r="1.5" cx="200" cy="200" fill="#1f1f1f"></circle><line x1="100" y1="300" x2="150" y2="300" stroke="rgb(0, 0, 0)" stroke-width="3" stroke-linecap="round"></line></svg>',
];

describe('isSafeSignatureSvg accepts what signature_pad draws', () => {
  it.each(CHROMIUM_TO_SVG.map((svg, i) => [i, svg]))('toSVG() captured from Chromium #%s', (_i, svg) => {
    expect(isSafeSignatureSvg(svg)).toBe(true);
  });

  it.each([
    ['toSVG() of strokes and dots', wrap(`${path}<circle r="1.5" cx="40" cy="50" fill="black"></circle>`)],
    ['an empty pad', wrap('')],
    [
      'the straight segment signature_pad writes as <line>',
      wrap('<line x1="1" y1="2" x2="3.5" y2="4" stroke="rgb(0, 0, 0)" stroke-width="2.5" stroke-linecap="round"></line>'),
    ],
    ['the background rectangle', wrap('<rect width="100%" height="100%" fill="rgba(255, 255, 255, 0.5)"></rect>')],
    [
      'an XML declaration, self-closing tags and whitespace',
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${open}\n  <path d="M1 2L3 4z" fill="#1a2b3c"/>\n</svg>\n`,
    ],
    ['a group moved and scaled', wrap(`<g transform="translate(10, 20) scale(2)">${path}</g>`)],
    [
      'single quotes and exponents',
      "<svg xmlns='http://www.w3.org/2000/svg' version='1.1' viewBox='0 0 3e2 4e2'><circle r='1e-1' cx='.5' cy='-2' fill='red'/></svg>",
    ],
  ])('%s', (_name, svg) => {
    expect(isSafeSignatureSvg(svg)).toBe(true);
  });
});

describe('isSafeSignatureSvg refuses everything else', () => {
  it.each([
    ['a script element', wrap('<script>alert(1)</script>')],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['an event handler on a child', wrap('<circle r="1" cx="1" cy="1" onmouseover="alert(1)"/>')],
    [
      'foreignObject',
      wrap('<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>'),
    ],
    ['xlink:href on use', wrap('<use xlink:href="#a"/>')],
    ['xlink:href on an allowed element', wrap('<path d="M0 0" xlink:href="javascript:alert(1)"/>')],
    ['href', wrap('<path d="M0 0" href="https://evil.example"/>')],
    ['an anchor', wrap('<a href="javascript:alert(1)"><path d="M0 0"/></a>')],
    ['an image', wrap('<image href="data:image/png;base64,AAAA" width="1" height="1"/>')],
    ['a style attribute', wrap('<path d="M0 0" style="fill:url(#x)"/>')],
    ['a style element', wrap('<style>path{fill:url(javascript:alert(1))}</style>')],
    ['url() in a paint', wrap('<path d="M0 0" fill="url(#grad)"/>')],
    ['javascript in a value', wrap('<path d="M0 0" fill="javascript"/>')],
    ['an entity declaration', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${wrap('')}`],
    ['an entity reference', wrap('<path d="M0 0" fill="&x;"/>')],
    ['a character reference in text', wrap('&#60;script&#62;')],
    ['a doctype', `<!DOCTYPE svg>${wrap('')}`],
    ['a comment', wrap('<!-- hi -->')],
    ['CDATA', wrap('<![CDATA[<script>alert(1)</script>]]>')],
    ['a processing instruction', wrap('<?xml-stylesheet href="evil.css"?>')],
    ['an XML declaration not at the start', `${wrap('')}<?xml version="1.0"?>`],
    ['a nested svg with href', wrap('<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>')],
    ['a nested svg', wrap('<svg width="1" height="1"></svg>')],
    ['text content', wrap('hello')],
    ['a root other than svg', `<g>${path}</g>`],
    ['two roots', `${wrap('')}${wrap('')}`],
    ['an unclosed element', `${open}<g>${path}</svg>`],
    ['a mismatched closing tag', `${open}<g>${path}</path></svg>`],
    ['no closing tag', open],
    ['an unquoted attribute', '<svg xmlns="http://www.w3.org/2000/svg" width=300></svg>'],
    ['a duplicated attribute', '<svg width="1" width="2"></svg>'],
    ['another namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"></svg>'],
    ['a rotate or matrix transform', wrap(`<g transform="matrix(1 0 0 1 0 0)">${path}</g>`)],
    ['a > in a value', wrap('<path d="M0 0" fill="a>b"/>')],
    ['upper-case element names', '<SVG xmlns="http://www.w3.org/2000/svg"></SVG>'],
    ['HTML', '<img src=x onerror=alert(1)>'],
    ['an empty text', ''],
    ['plain text', 'podpis'],
    ['a text over the size limit', wrap(`<path d="M0 0${' 1'.repeat(SIGNATURE_MAX_LENGTH / 2)}"/>`)],
  ])('%s', (_name, svg) => {
    expect(isSafeSignatureSvg(svg)).toBe(false);
  });

  it('takes linear time on long hostile input', () => {
    const started = performance.now();
    isSafeSignatureSvg(wrap(`<path d="${'1,'.repeat(140_000)}x"/>`));
    isSafeSignatureSvg(`${open}<path viewBox="${'1 '.repeat(140_000)}a"/></svg>`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('takes linear time on a long run of digits in a number (a pattern that splits digits would take minutes)', () => {
    const started = performance.now();
    for (const key of ['width', 'viewBox', 'cx', 'stroke-width', 'transform']) {
      expect(isSafeSignatureSvg(`<svg ${key}="${'1'.repeat(250_000)}x"></svg>`)).toBe(false);
      expect(isSafeSignatureSvg(`<svg ${key}="${'1'.repeat(199)}x"></svg>`)).toBe(false);
    }
    expect(isSafeSignatureSvg(`<svg width="${'1'.repeat(150)}"></svg>`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
