// The dev server's answer for pdf.js's data files (src/sw/pdfjs-data-plugin.ts): the package's own
// files, and nothing outside its two folders whatever the URL says.
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pdfjsDataFile } from '../../../src/sw/pdfjs-data-plugin.ts';

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

describe('pdfjsDataFile', () => {
  test('every CMap and standard font of the package is served from its own path', () => {
    for (const dir of ['cmaps', 'standard_fonts']) {
      const names = readdirSync(join(root, dir));
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) expect(pdfjsDataFile(root, `/pdfjs/${dir}/${name}?v=1`)).toBe(join(root, dir, name));
    }
  });

  test('traversal, escapes, other folders and missing files fall through to Vite', () => {
    const name = readdirSync(join(root, 'cmaps'))[0];
    for (const url of [
      '/pdfjs/cmaps/../package.json',
      '/pdfjs/cmaps/..%2Fpackage.json',
      '/pdfjs/cmaps/%2e%2e/package.json',
      '/pdfjs/cmaps/..\\package.json',
      '/pdfjs/cmaps/..',
      '/pdfjs/cmaps/',
      '/pdfjs/build/pdf.mjs',
      '/pdfjs/cmaps/no-such-file.bcmap',
      `/pdfjs/cmaps/${name}/x`,
      `/x/pdfjs/cmaps/${name}`,
      '/pdfjs/cmaps/%E0%A4%A',
    ])
      expect(pdfjsDataFile(root, url), url).toBeNull();
  });
});
