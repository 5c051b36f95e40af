// Build-time only (Node): a Vite plugin that ships pdf.js's data files with the page, under
// `pdfjs/cmaps/` and `pdfjs/standard_fonts/` beside index.html, so the engine worker reads PDFs as
// the CLI does (src/node/document-readers.ts passes the same folders from the package):
// - the CMaps: without them pdf.js cannot decode text set in a CJK font with a predefined encoding
//   (UniGB-UCS2-H, UniJIS-UCS2-H, UniKS-UCS2-H, 90ms-RKSJ-H… and no ToUnicode map): that text is lost;
// - the standard fonts: the widths of the 14 fonts a PDF may use without embedding them, which the
//   reader's word spacing depends on.
// The build emits them as assets (the precache plugin, which runs after, then keeps them offline);
// `vite` dev serves them from node_modules. 2.5 MB in 185 small files, fetched by pdf.js one at a
// time and only when a PDF needs one. Copied from the package at build time rather than committed,
// so they always match the pdf.js version installed.
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the page finds them, relative to index.html. */
export const PDFJS_DATA_DIRS = ['cmaps', 'standard_fonts'] as const;
const PREFIX = 'pdfjs';

function packageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
}

/**
 * The file of the package that the dev server answers `url` with, or null (then the request goes
 * on to Vite). Only a plain file name (letters, digits, ".", "_", "-"; no "..", no separator of
 * any platform, no escape that decodes to one) directly inside one of the two folders.
 */
export function pdfjsDataFile(root: string, url: string): string | null {
  const m = /^\/pdfjs\/(cmaps|standard_fonts)\/([A-Za-z0-9_][A-Za-z0-9._-]*)$/.exec(url.split(/[?#]/)[0]);
  if (!m || m[2].includes('..')) return null;
  const dir = join(root, m[1]);
  const file = join(dir, m[2]);
  if (dirname(file) !== dir || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

export function pdfjsDataPlugin(): Plugin {
  return {
    name: 'chunklab:pdfjs-data',
    configureServer(server) {
      const root = packageDir();
      server.middlewares.use((req, res, next) => {
        const file = pdfjsDataFile(root, req.url ?? '');
        if (!file) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      const root = packageDir();
      for (const dir of PDFJS_DATA_DIRS) {
        for (const name of readdirSync(join(root, dir)).sort()) {
          const p = join(root, dir, name);
          if (statSync(p).isFile()) this.emitFile({ type: 'asset', fileName: `${PREFIX}/${dir}/${name}`, source: readFileSync(p) });
        }
      }
    },
  };
}
