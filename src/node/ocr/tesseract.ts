// Node: the OCR reader of the CLI and the library. Pages are drawn by pdf.js on @napi-rs/canvas
// (render.ts) and read by Tesseract's WebAssembly build (tesseract.js, in a worker thread) with the
// trained models of the @tesseract.js-data/<code> npm packages: nothing is fetched from a network.
import { createRequire } from 'node:module';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { languagesOf, missingLanguage, ocrReader, tesseractOptions, type OcrMode, type OcrReader, type Recogniser } from '../../engine/documents/index.ts';
import { openForRendering, renderGrey, type RenderablePage } from './render.ts';

const require = createRequire(import.meta.url);

/** The trained model of a language from its npm package (the "best_int" LSTM models Tesseract ships). */
export function modelFile(code: string, where = '--ocr-lang'): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    throw missingLanguage(code, `run "npm install @tesseract.js-data/${code}" (installed by default: por, eng)`, where);
  }
  return join(dir, '4.0.0_best_int', `${code}.traineddata.gz`);
}

export interface NodeOcrOptions {
  mode?: OcrMode;
  lang?: string;
}

/** A language list whose models are all installed (throws an InputError naming the missing package). */
export function checkOcrLang(lang: string, where = '--ocr-lang'): string[] {
  const codes = languagesOf(lang, where);
  for (const c of codes) modelFile(c, where);
  return codes;
}

/** The OCR reader for Node (`never`: one that reads nothing, so that a scan's refusal names --ocr). */
export function nodeOcr(o: NodeOcrOptions = {}): OcrReader {
  // One folder naming every model as Tesseract looks for it (<code>.traineddata.gz), linked to the packages.
  let langDir: string | null = null;
  return ocrReader<RenderablePage>(
    {
      check: (codes) => void codes.forEach((c) => modelFile(c)),
      open: openForRendering,
      render: renderGrey,
      async start(codes, recognising) {
        langDir = await mkdtemp(join(tmpdir(), 'chunklab-ocr-'));
        for (const c of codes) await symlink(modelFile(c), join(langDir, `${c}.traineddata.gz`));
        const { createWorker } = (await import('tesseract.js')) as unknown as { createWorker(l: string, oem: number, o: Record<string, unknown>): Promise<Recogniser> };
        return await createWorker(codes.join('+'), 1, { ...tesseractOptions(recognising), langPath: langDir });
      },
      async finish() {
        if (langDir) await rm(langDir, { recursive: true, force: true });
        langDir = null;
      },
    },
    o,
  );
}
