// Opening a PDF: the bytes checked (empty, not a PDF, truncated, streams that inflate past their
// bounds) before pdf.js sees them, and pdf.js's refusals (a password, damage) turned into InputErrors
// that say which.

import { InputError } from '../../../types.ts';
import type { PdfDocumentProxy, PdfjsModule, PdfjsSource, PdfOptions } from '../types.ts';
import { checkInflatedSizes, MAX_IMAGE_PIXELS, MAX_OUTLINE_DEPTH, outlineDepth } from './streams.ts';

/** Documents whose outline is too deep to ask pdf.js for (see outlineDepth), with the depth. */
const deepOutline = new WeakMap<object, number>();

/** The depth of the document's outline when it is too deep to ask pdf.js for (see outlineDepth). */
export const outlineTooDeep = (doc: PdfDocumentProxy): number | undefined => deepOutline.get(doc);

const PASSWORD = /password/i;

async function resolve(src: PdfjsSource): Promise<PdfjsModule> {
  const m = typeof src === 'function' ? await src() : src;
  if (!m || typeof m.getDocument !== 'function') throw new InputError('the PDF reader (pdf.js) did not load', undefined, { code: 'no-reader' });
  return m;
}

/** Does the file end with the %%EOF marker (within its last 1,024 bytes, as readers allow)? */
function hasEof(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  for (let i = tail.length - 5; i >= 0; i--) {
    if (tail[i] === 0x25 && tail[i + 1] === 0x25 && tail[i + 2] === 0x45 && tail[i + 3] === 0x4f && tail[i + 4] === 0x46) return true;
  }
  return false;
}

function isPdfHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return true;
  }
  return false;
}

/** pdf.js, loaded, and the document opened with it. */
export async function openPdf(src: PdfjsSource, bytes: Uint8Array, opts: PdfOptions): Promise<{ pdfjs: PdfjsModule; doc: PdfDocumentProxy; objectStreams: string[] }> {
  const pdfjs = await resolve(src);
  return { pdfjs, ...(await open(pdfjs, bytes, opts)) };
}

/** The document, and the inflated text of the file's object streams (read for the outline and the page budget). */
async function open(pdfjs: PdfjsModule, bytes: Uint8Array, opts: PdfOptions): Promise<{ doc: PdfDocumentProxy; objectStreams: string[] }> {
  const where = opts.where;
  if (!bytes.length) throw new InputError('the PDF file is empty', where, { code: 'empty-file' });
  if (!isPdfHeader(bytes)) throw new InputError('not a PDF: the file does not start with "%PDF-"', where, { code: 'wrong-file-type' });
  if (!hasEof(bytes)) {
    throw new InputError(`the PDF is truncated: it ends at byte ${bytes.length} without its "%%EOF" end marker (download or export it again)`, where, { code: 'truncated-file' });
  }
  const objectStreams = await checkInflatedSizes(bytes, where, opts.inflate);
  const depth = outlineDepth(bytes, objectStreams);
  const task = pdfjs.getDocument({
    // A plain copy: pdf.js may transfer (detach) the buffer it is given, and refuses Node Buffers.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
    ...opts.documentOptions,
    // Images are never read (text and drawn lines are): an image larger than one pixel is left out of
    // the operator list instead of being inflated, decoded and copied to this thread. One-pixel image
    // masks stay (pdf.js turns them into solid fills, which some producers use to draw rules).
    // Set after the caller's options: the decompression check skips larger images on this promise.
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  try {
    const doc = await task.promise;
    if (depth > MAX_OUTLINE_DEPTH) deepOutline.set(doc, depth);
    return { doc, objectStreams };
  } catch (e) {
    const err = e as { name?: string; message?: string };
    if (err?.name === 'PasswordException' || PASSWORD.test(err?.message ?? '')) {
      throw new InputError('the PDF is encrypted and needs a password: remove the protection (print or export it without a password) and add it again', where, { code: 'encrypted-file' });
    }
    throw new InputError(`the PDF is damaged and cannot be read (${String(err?.message ?? e).slice(0, 120)})`, where, { code: 'damaged-file' });
  }
}
