// Node: @napi-rs/canvas (Skia) loaded without its scan of the system's fonts. On load the package
// reads every font the system has (fontconfig's list and /usr/local/share/fonts) unless
// DISABLE_SYSTEM_FONTS_LOAD is set: on a Debian machine with fonts for every script that took
// 0.6 s of CPU, in every command that reads a PDF (pdf.js's Node build loads the package for its
// DOMMatrix, Path2D and ImageData) — about a third of the CPU of `convert` on a one-page text PDF.
// Nothing here draws text with a system font: pdf.js draws glyphs as paths (disableFontFace, its
// own standard fonts for the 14 base ones), and scans are images. The variable is set only for the
// load and only when the caller did not set it; a library caller that draws text with system fonts
// on the same module can call GlobalFonts.loadSystemFonts() (docs/DOCUMENTS.md).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let tried = false;

/** Loads @napi-rs/canvas once (no system fonts) before pdf.js or the OCR renderer asks for it; a missing package is left for them to report. */
export function preloadCanvas(): void {
  if (tried) return;
  tried = true;
  const own = process.env.DISABLE_SYSTEM_FONTS_LOAD === undefined;
  if (own) process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
  try {
    require('@napi-rs/canvas');
  } catch {
    // pdf.js warns and goes without (text reading needs no canvas); loadCanvas (ocr/render.ts) throws an InputError.
  } finally {
    if (own) delete process.env.DISABLE_SYSTEM_FONTS_LOAD;
  }
}
