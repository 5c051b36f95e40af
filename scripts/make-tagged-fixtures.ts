// Writes tests/fixtures/documents/tagged-office.pdf: a tagged PDF printed by Chromium (tagged by
// default) shaped like an office report: three pages, each with a running header and a "Page N of 3"
// footer laid out as ordinary text (so they are in the structure tree, as Word and many HTML
// exports leave them); a table whose header spans rows and columns (rowspan/colspan) with a body
// cell spanning two rows; a table with row headers (TH in the first column only); nested lists with
// bullets, numbers and letters; a table split over two pages (the second part without its header);
// and a table nested in a cell. The test (tests/engine/documents/pdf-tagged.test.ts) holds what the
// reader must find.
//   npx tsx scripts/make-tagged-fixtures.ts   (needs Chromium: CHROMIUM_PATH or /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const OFFICE_PARAGRAPHS = [
  'The northern office reopened in March after the move to the new building on the harbour.',
  'Sales in the south grew for the third year running, led by the two new product lines.',
  'The eastern region opened a second office, which is why it shows two rows below.',
  'Staffing stayed level overall while contract work fell by about a fifth against last year.',
  'The inventory below lists every item held at the central depot at the end of the quarter.',
  'Figures for the remaining items follow on the next page without the table header repeated.',
  'Each team reviewed its own rows before the table was closed for the quarterly report.',
];

const page = (n: number, body: string) => `<section class="page">
<div class="run">Harbour Logistics quarterly report</div>
${body}
<div class="foot">Page ${n} of 3</div>
</section>`;

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k)
    .map((i) => `<tr><td>Crate ${i}</td><td>${i * 3}</td><td>Team ${'ABCDE'[i % 5]}</td></tr>`)
    .join('');

export const OFFICE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Logistics</title>
<style>
@page { size: letter; margin: 0.5in; }
body { font-family: sans-serif; font-size: 11pt; margin: 0; }
.page { height: 9.8in; position: relative; page-break-after: always; break-after: page; padding-top: 0.5in; box-sizing: border-box; overflow: hidden; }
.run { position: absolute; top: 0; left: 0; font-size: 9pt; color: #444; }
.foot { position: absolute; bottom: 0; right: 0; font-size: 9pt; color: #444; }
table { border-collapse: collapse; margin: 6pt 0; }
th, td { border: 1px solid #999; padding: 2px 8px; text-align: left; vertical-align: top; }
</style></head><body>
${page(
  1,
  `<h1>Quarterly report</h1>
<p>${OFFICE_PARAGRAPHS[0]}</p>
<h2>Sales by region</h2>
<p>${OFFICE_PARAGRAPHS[1]}</p>
<table><thead>
<tr><th rowspan="2">Region</th><th colspan="2">Units sold</th><th rowspan="2">Remarks</th></tr>
<tr><th>2023</th><th>2024</th></tr>
</thead><tbody>
<tr><td>North</td><td>1200</td><td>1350</td><td>reopened in March</td></tr>
<tr><td>South</td><td>800</td><td>990</td><td>two new lines</td></tr>
<tr><td rowspan="2">East</td><td>310</td><td>420</td><td>first office</td></tr>
<tr><td>150</td><td>260</td><td>second office</td></tr>
</tbody></table>
<p>${OFFICE_PARAGRAPHS[2]}</p>
<h2>Staffing</h2>
<table>
<tr><th scope="row">Permanent staff</th><td>48</td></tr>
<tr><th scope="row">Contract staff</th><td>11</td></tr>
<tr><th scope="row">Open positions</th><td>3</td></tr>
</table>
<p>${OFFICE_PARAGRAPHS[3]}</p>`,
)}
${page(
  2,
  `<h2>Actions</h2>
<ul>
<li>Review the depot leases
  <ul><li>North depot lease ends in June</li><li>South depot lease renewed
    <ol><li>Sign the renewal</li><li>File the copy</li></ol></li></ul></li>
<li>Hire for the open positions</li>
</ul>
<ol type="a"><li>Lettered first step</li><li>Lettered second step</li></ol>
<h2>Inventory</h2>
<p>${OFFICE_PARAGRAPHS[4]}</p>
<p>${OFFICE_PARAGRAPHS[5]}</p>
<table><thead><tr><th>Item</th><th>Count</th><th>Owner</th></tr></thead><tbody>${rows(1, 8)}</tbody></table>`,
)}
${page(
  3,
  `<table><tbody>${rows(9, 14)}</tbody></table>
<p>${OFFICE_PARAGRAPHS[6]}</p>
<h2>Contacts</h2>
<table><tr><th>Desk</th><th>Details</th></tr>
<tr><td>Depot</td><td><table><tr><td>front gate</td><td>ext. 210</td></tr></table></td></tr></table>`,
)}
</body></html>`;

export function printTagged(html: string): Uint8Array {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-tagged-'));
  try {
    writeFileSync(join(dir, 'in.html'), html);
    const out = join(dir, 'out.pdf');
    execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--print-to-pdf=${out}`, join(dir, 'in.html')], { stdio: 'ignore' });
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const target = join(import.meta.dirname, '../tests/fixtures/documents/tagged-office.pdf');
  writeFileSync(target, printTagged(OFFICE_HTML));
  console.log(`wrote ${target}`);
}
