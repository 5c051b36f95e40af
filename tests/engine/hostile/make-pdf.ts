// Hostile PDFs built in memory for the tests (nothing large is committed): a minimal, valid file
// (catalog, pages, one page per content stream, Helvetica, a cross-reference table) whose streams
// and outline the caller chooses.
import { deflateSync } from 'node:zlib';

export interface RawObject {
  dict: string;
  stream?: Uint8Array;
}

/** A PDF from numbered objects (1-based, in order); object 1 must be the catalog. */
export function assemblePdf(objects: RawObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const head = Buffer.from(`${i + 1} 0 obj\n${o.stream ? o.dict.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`) : o.dict}\n`, 'latin1');
    const body = o.stream ? Buffer.concat([Buffer.from('stream\n'), Buffer.from(o.stream), Buffer.from('\nendstream\n')]) : Buffer.alloc(0);
    const tail = Buffer.from('endobj\n');
    for (const b of [head, body, tail]) {
      parts.push(b);
      size += b.length;
    }
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** One page whose content stream draws `text` and is Flate-compressed `times` times (0: plain). */
export function pdfWithContent(content: Uint8Array, times: number, extraCatalog = '', extraObjects: RawObject[] = []): Uint8Array {
  let data = content;
  for (let i = 0; i < times; i++) data = deflateSync(data, { level: 9 });
  const filter = times ? ` /Filter [${' /FlateDecode'.repeat(times)} ]` : '';
  return assemblePdf([
    { dict: `<< /Type /Catalog /Pages 2 0 R${extraCatalog} >>` },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>' },
    { dict: `<<${filter} >>`, stream: data },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...extraObjects,
  ]);
}

/** A content stream showing one line of text. */
export const textOp = (text: string, padding = '') => Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET\n${padding}`, 'latin1');

/** A page with a paragraph and an outline `depth` levels deep (each item the only child of the one above). */
export function pdfWithDeepOutline(depth: number): Uint8Array {
  const first = 6; // object number of the first outline item (after catalog, pages, page, content, font)
  const items: RawObject[] = [{ dict: `<< /Type /Outlines /First ${first + 1} 0 R /Last ${first + 1} 0 R /Count ${depth} >>` }];
  for (let i = 0; i < depth; i++) {
    const self = first + 1 + i;
    const parent = i === 0 ? first : self - 1;
    const child = i + 1 < depth ? ` /First ${self + 1} 0 R /Last ${self + 1} 0 R /Count ${depth - i - 1}` : '';
    items.push({ dict: `<< /Title (Level ${i + 1}) /Parent ${parent} 0 R${child} /Dest [3 0 R /XYZ 0 792 0] >>` });
  }
  return pdfWithContent(textOp('A paragraph of text under a very deep outline.'), 1, ` /Outlines ${first} 0 R`, items);
}
