// The page's OCR files (src/sw/ocr-data-plugin.ts): the worker script, one core (script and wasm) and
// every installed model, copied from node_modules; the manifest's sizes are the files' own; the
// offline copy precaches only the manifest (the service worker keeps the rest on first use).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ocrFiles } from '../../../src/sw/ocr-data-plugin.ts';

describe('ocrFiles', () => {
  test('the worker, one SIMD LSTM core and the por and eng models, with their sizes', () => {
    const { files, manifest } = ocrFiles();
    expect([...files.keys()].sort()).toEqual(['eng.traineddata.gz', 'por.traineddata.gz', 'tesseract-core-simd-lstm.js', 'tesseract-core-simd-lstm.wasm', 'worker.min.js']);
    expect(manifest.worker).toBe('worker.min.js');
    expect(manifest.core).toBe('tesseract-core-simd-lstm.js');
    expect(Object.keys(manifest.languages).sort()).toEqual(['eng', 'por']);
    for (const code of ['por', 'eng']) expect(manifest.languages[code]).toBe(statSync(files.get(`${code}.traineddata.gz`)!).size);
    const engine = ['worker.min.js', 'tesseract-core-simd-lstm.js', 'tesseract-core-simd-lstm.wasm'].reduce((n, f) => n + statSync(files.get(f)!).size, 0);
    expect(manifest.engineBytes).toBe(engine);
    // The models are gzip files (Tesseract's loader checks the magic number).
    for (const code of ['por', 'eng']) expect(manifest.languages[code]).toBeGreaterThan(500_000);
  });

  test("the manifest's version is a hash of the files' names and bytes (the same files, the same version)", () => {
    const { files, manifest } = ocrFiles();
    const hash = createHash('sha256');
    for (const [name, path] of files) hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
    expect(manifest.version).toBe(hash.digest('hex').slice(0, 16));
    expect(ocrFiles().manifest.version).toBe(manifest.version);
  });
});
