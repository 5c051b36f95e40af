import { readFileSync } from 'node:fs';
import { loadPdfjs } from './tests/engine/documents/pdfjs-node.ts';
const pdfjs: any = await loadPdfjs();
const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(process.argv[2])) }).promise;
const page = await doc.getPage(Number(process.argv[4] ?? 1));
const tc = await page.getTextContent();
const re = new RegExp(process.argv[3]);
tc.items.forEach((it: any, i: number) => { if (re.test(it.str)) for (const j of [i - 1, i, i + 1]) { const x = tc.items[j]; if (x) console.log(j, JSON.stringify(x.str), x.transform.map((v: number) => v.toFixed(1)).join(','), x.width?.toFixed(1), x.hasEOL); } });
