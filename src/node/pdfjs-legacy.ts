// Node: pdf.js's legacy build (the one meant for Node), worker module first so that it sets
// globalThis.pdfjsWorker and pdf.js never has to locate that file itself (it parses in this thread).
//
// The legacy build bundles core-js, which on V8 ≤ 12.1 (Node 20) replaces Array.prototype.push for
// the whole process with a JavaScript version (V8 did not throw when pushing nothing onto an array
// whose length is read-only, https://bugs.chromium.org/p/v8/issues/detail?id=12681). Every push
// anywhere then runs through it: it was the largest single cost in a profile of reading PDFs
// (about 5% of all samples). The native push is put back once both modules are loaded: it differs
// only in that corner case, which neither pdf.js nor this project relies on.
import type { PdfjsModule } from '../engine/documents/index.ts';

let loaded: Promise<PdfjsModule> | null = null;

export function loadLegacyPdfjs(): Promise<PdfjsModule> {
  loaded ??= (async () => {
    const push = Array.prototype.push;
    try {
      await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsModule;
    } finally {
      if (Array.prototype.push !== push) Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, configurable: true, enumerable: false });
    }
  })();
  return loaded;
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
