// Node: pdf.js's legacy build (the one meant for Node), worker module first so that it sets
// globalThis.pdfjsWorker and pdf.js never has to locate that file itself (it parses in this thread).
//
// The legacy build bundles core-js, which on V8 ≤ 12.1 (Node 20) replaces Array.prototype.push for
// the whole process with a JavaScript version (V8 did not throw when pushing nothing onto an array
// whose length is read-only, https://bugs.chromium.org/p/v8/issues/detail?id=12681). Every push
// anywhere then runs through it: it was the largest single cost in a profile of reading PDFs
// (about 5% of all samples). The native push is put back once both modules are loaded: it differs
// only in that corner case, which neither pdf.js nor this project relies on.
//
// core-js also installs Uint8Array.prototype.toBase64 (not in Node 20) as a loop over single
// characters; pdf.js calls it on every embedded font it hands to the font loader (the whole font
// file, as a data URL): about 8% of the CPU time of reading the bench's PDFs. It is replaced by
// the same encoding through Buffer (a native encoder), or by V8's own method where there is one.
import { Buffer } from 'node:buffer';
import { inflateSync } from 'node:zlib';
import type { Inflate, PdfjsModule } from '../engine/documents/index.ts';
import { preloadCanvas } from './canvas.ts';

let loaded: Promise<PdfjsModule> | null = null;

export function loadLegacyPdfjs(): Promise<PdfjsModule> {
  loaded ??= (async () => {
    const push = Array.prototype.push;
    const toBase64 = Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'toBase64');
    try {
      // pdf.js's Node build requires @napi-rs/canvas as it loads: loaded first, without the system fonts (canvas.ts).
      preloadCanvas();
      await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsModule;
    } finally {
      if (Array.prototype.push !== push) Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, configurable: true, enumerable: false });
      const now = Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'toBase64');
      if (now?.value !== toBase64?.value) Object.defineProperty(Uint8Array.prototype, 'toBase64', toBase64 ?? { value: bufferBase64, writable: true, configurable: true, enumerable: false });
    }
  })();
  return loaded;
}

/**
 * Uint8Array.prototype.toBase64 as the proposal defines it (alphabet "base64" or "base64url",
 * padding unless `omitPadding`), encoded by Buffer.
 */
export function bufferBase64(this: Uint8Array, options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean }): string {
  const bytes = Buffer.from(this.buffer, this.byteOffset, this.byteLength);
  const url = options?.alphabet === 'base64url';
  if (options?.alphabet !== undefined && !url && options.alphabet !== 'base64') throw new TypeError('toBase64: alphabet must be "base64" or "base64url"');
  const s = bytes.toString(url ? 'base64url' : 'base64');
  if (options?.omitPadding) return s.replace(/=+$/, '');
  return url ? s + '='.repeat((4 - (s.length % 4)) % 4) : s;
}

/**
 * getDocument options for pdf.js in Node that spare it building every glyph's outline.
 * With `disableFontFace` (what the reader asks for, as no font can be installed without a DOM),
 * pdf.js turns every glyph drawn in an operator list into a path and sends it across: about 3% of
 * the CPU time of reading real PDFs, for outlines nobody draws. With font faces enabled it instead
 * hands each font to a font loader on this thread, which in Node (no `document`) fails and falls
 * back to the same outlines. This stub document takes the font as a CSS rule and drops it: pdf.js
 * treats font loading in Node as synchronous, so nothing waits on it. Fonts still reach
 * `page.commonObjs` with their names (bold is read from them). Node only: a browser worker has
 * its own font loading.
 */
export function nodePdfjsDocumentOptions(): Record<string, unknown> {
  const sheet = { cssRules: [] as string[], insertRule: () => 0 };
  const ownerDocument = {
    createElement: () => ({ sheet, remove: () => undefined }),
    documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
  };
  return { disableFontFace: false, ownerDocument };
}

/**
 * The PDF reader's inflate for its own checks (decompression limits, page budget), in Node: zlib's,
 * in one call, stopped by zlib itself past `limit` bytes. Node's DecompressionStream goes through
 * JavaScript web streams, several times slower on the small streams a PDF is made of. A damaged
 * stream (cut short, bad checksum) gives null: the reader then decodes it as a stream and counts
 * what comes out, as before.
 */
export const nodeInflate: Inflate = (data, limit) => {
  try {
    const out = inflateSync(data, { maxOutputLength: Math.max(1, limit) });
    return out.byteLength > limit ? 'over' : out;
  } catch (e) {
    return (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'over' : null;
  }
};
