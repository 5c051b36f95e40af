// A bound on what a .docx (a ZIP archive) inflates to, checked before mammoth opens it. The zip
// reader inside mammoth inflates every entry it reads whole, whatever its size: a zip bomb was only
// refused after 2.2 GB. Here the central directory is read (declared sizes, ZIP64 included) and
// every entry mammoth may read is inflated as a stream, counting bytes and discarding them, and
// stopped at the limit, because declared sizes can lie. Images (word/media/) are never inflated:
// docx.ts tells mammoth not to read them. Uses the platform's DecompressionStream: no dependency.

import { InputError } from '../types.ts';

/** Largest one entry (document.xml, styles, numbering…) may inflate to. */
export const MAX_ZIP_ENTRY = 128 * 1024 * 1024;
/** Largest all the entries read may inflate to together. */
export const MAX_ZIP_TOTAL = 256 * 1024 * 1024;

const MIB = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the compressed data. */
  dataStart: number;
}

/** The central directory's entries; an empty list when there is none (mammoth then says the file is damaged). */
export function zipEntries(b: Uint8Array): ZipEntry[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  // ZIP64 end of central directory, through its locator just before.
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === 0x07064b50) {
    const at = Number(view.getBigUint64(eocd - 12, true));
    if (at + 56 <= b.length && view.getUint32(at, true) === 0x06064b50) {
      count = Number(view.getBigUint64(at + 32, true));
      offset = Number(view.getBigUint64(at + 48, true));
    }
  }
  const decoder = new TextDecoder();
  const out: ZipEntry[] = [];
  let p = offset;
  for (let k = 0; k < count && p + 46 <= b.length && view.getUint32(p, true) === 0x02014b50; k++) {
    const method = view.getUint16(p + 10, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let local = view.getUint32(p + 42, true);
    const name = decoder.decode(b.subarray(p + 46, p + 46 + nameLen));
    // ZIP64 extra field (id 1): the 64-bit values, in order, of the fields set to 0xFFFFFFFF.
    let e = p + 46 + nameLen;
    const extraEnd = Math.min(b.length, e + extraLen);
    while (e + 4 <= extraEnd) {
      const id = view.getUint16(e, true);
      const len = view.getUint16(e + 2, true);
      if (id === 1) {
        let q = e + 4;
        const next = () => (q + 8 <= e + 4 + len && q + 8 <= b.length ? Number(view.getBigUint64((q += 8) - 8, true)) : undefined);
        if (size === 0xffffffff) size = next() ?? size;
        if (compressedSize === 0xffffffff) compressedSize = next() ?? compressedSize;
        if (local === 0xffffffff) local = next() ?? local;
      }
      e += 4 + len;
    }
    if (local + 30 <= b.length && view.getUint32(local, true) === 0x04034b50) {
      const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      out.push({ name, method, compressedSize, size, dataStart });
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

class Over extends Error {}

async function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>)
    .getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (size > limit) throw new Over();
    }
  } catch (e) {
    if (e instanceof Over) throw e;
    return size; // damaged data: mammoth says so itself
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Is this entry one mammoth never inflates once images are not converted? */
const isMedia = (name: string) => /^word\/media\//i.test(name);

/**
 * Refuses a .docx whose entries declare, or really inflate to, more than the limits above, naming
 * the entry and the limit. Costs one streaming inflate of the entries mammoth reads.
 */
export async function checkZipSizes(bytes: Uint8Array, where?: string): Promise<void> {
  const entries = zipEntries(bytes).filter((e) => !isMedia(e.name));
  const refuse = (what: string) => {
    throw new InputError(`the Word file is refused: ${what}, the limit on decompressed content (a "zip bomb" or a damaged file)`, where, { code: 'decompressed-too-large' });
  };
  let declared = 0;
  for (const e of entries) {
    if (e.size > MAX_ZIP_ENTRY) refuse(`its part "${e.name}" declares ${MIB(e.size)}, more than ${MIB(MAX_ZIP_ENTRY)}`);
    declared += e.size;
  }
  if (declared > MAX_ZIP_TOTAL) refuse(`its parts declare ${MIB(declared)} in all, more than ${MIB(MAX_ZIP_TOTAL)}`);
  if (typeof DecompressionStream !== 'function') return;
  let total = 0;
  for (const e of entries) {
    if (e.method !== 8) {
      total += e.compressedSize;
      continue;
    }
    const limit = Math.min(MAX_ZIP_ENTRY, MAX_ZIP_TOTAL - total);
    try {
      total += await inflatedSize(bytes.subarray(e.dataStart, Math.min(bytes.length, e.dataStart + e.compressedSize)), limit);
    } catch (x) {
      if (!(x instanceof Over)) throw x;
      refuse(limit < MAX_ZIP_ENTRY ? `its parts inflate past ${MIB(MAX_ZIP_TOTAL)} in all (at "${e.name}")` : `its part "${e.name}" inflates past ${MIB(MAX_ZIP_ENTRY)} (its header says ${MIB(e.size)})`);
    }
  }
}
