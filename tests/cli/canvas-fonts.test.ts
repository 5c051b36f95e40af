// Reading a PDF in Node loads @napi-rs/canvas (pdf.js's Node build needs its DOMMatrix, Path2D and
// ImageData); the package reads every system font as it loads unless told not to, which cost more
// CPU than reading a one-page PDF. src/node/canvas.ts loads it first without them. Each case runs in
// its own Node process: a module loaded once stays loaded, so the order of loading is what is tested.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** In a fresh process: `setup` runs, then the font families canvas holds and the variable as left. */
function fontsAfter(setup: string, env: Record<string, string> = {}): { families: number; env: string | null; pdf?: number } {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-canvas-'));
  const file = join(dir, 'probe.mts');
  writeFileSync(
    file,
    `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(root, 'package.json'))});
${setup}
const { GlobalFonts } = require('@napi-rs/canvas');
console.log(JSON.stringify({ families: GlobalFonts.families.length, env: process.env.DISABLE_SYSTEM_FONTS_LOAD ?? null, pdf: globalThis.pages }));
`,
  );
  const env0 = { ...process.env, ...env };
  if (!('DISABLE_SYSTEM_FONTS_LOAD' in env)) delete env0.DISABLE_SYSTEM_FONTS_LOAD;
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8', env: env0 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const legacy = JSON.stringify(join(root, 'src/node/pdfjs-legacy.ts'));
const render = JSON.stringify(join(root, 'src/node/ocr/render.ts'));

describe('@napi-rs/canvas without the system fonts', () => {
  test('pdf.js loaded for reading: no system font read, the variable not left set, a PDF still read', () => {
    const ours = fontsAfter(`const { loadLegacyPdfjs } = await import(${legacy});
const pdfjs = await loadLegacyPdfjs();
const bytes = new Uint8Array(require('node:fs').readFileSync(${JSON.stringify(join(root, 'tests/fixtures/documents/manual.pdf'))}));
globalThis.pages = (await pdfjs.getDocument({ data: bytes }).promise).numPages;`);
    expect(ours).toEqual({ families: 0, env: null, pdf: 5 }); // manual.pdf has 5 pages
  });

  test('the OCR renderer loading it first: the same', () => {
    expect(fontsAfter(`await (await import(${render})).loadCanvas();`)).toMatchObject({ families: 0, env: null });
  });

  test("a caller's own setting is kept, and loading it plainly still reads the system's fonts (where it has any)", () => {
    expect(fontsAfter(`await (await import(${legacy})).loadLegacyPdfjs();`, { DISABLE_SYSTEM_FONTS_LOAD: '1' })).toEqual({ families: 0, env: '1' });
    const plain = fontsAfter('');
    const fc = spawnSync('fc-list', { encoding: 'utf8' });
    // Machines with fontconfig and fonts (this project's): the package reads them when nothing tells it not to.
    if (fc.status === 0 && fc.stdout.trim()) expect(plain.families).toBeGreaterThan(0);
    expect(plain.env).toBeNull();
  });
});
