// Lines of a byte stream with a per-line byte limit, for the JSON Lines inputs of `serve --stdio` and
// `batch --input x.jsonl`. node:readline keeps a whole line in memory however long it grows; here a
// line over the limit is dropped as it streams in (only its length is counted) and reported as
// { tooLong }, and reading goes on with the next line. Lines end at "\n" ("\r\n" too).

export type BoundedLine =
  /** A line (without its "\n" or "\r\n"), decoded as UTF-8; n counts every line from 1. */
  | { n: number; line: string; bytes: number }
  /** A line over the limit: only its byte length (without the line break) was kept. */
  | { n: number; tooLong: true; bytes: number };

/** The same lines as undecoded bytes: `raw` is a view of the read buffer (or a copy when the line spans reads). */
export type BoundedLineBytes = { n: number; raw: Buffer; bytes: number } | { n: number; tooLong: true; bytes: number };

export async function* boundedLines(input: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<BoundedLine> {
  for await (const item of boundedLineBytes(input, maxBytes)) {
    yield 'tooLong' in item ? item : { n: item.n, line: item.raw.toString('utf8'), bytes: item.bytes };
  }
}

/**
 * boundedLines without the decoding: batch hands a JSONL's lines to its workers as bytes, so the
 * main thread never turns them into strings.
 */
export async function* boundedLineBytes(input: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<BoundedLineBytes> {
  let parts: Buffer[] = [];
  let size = 0; // bytes kept for the current line
  let skipped = -1; // bytes of the current line when it is over the limit, else -1
  let n = 0;
  const finish = (): BoundedLineBytes => {
    n++;
    if (skipped >= 0) {
      const line: BoundedLineBytes = { n, tooLong: true, bytes: skipped };
      skipped = -1;
      return line;
    }
    let b = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (b.length && b[b.length - 1] === 13) b = b.subarray(0, b.length - 1);
    if (b.length > maxBytes) return { n, tooLong: true, bytes: b.length };
    return { n, raw: b, bytes: b.length };
  };
  for await (const chunk of input) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let pos = 0;
    while (pos < buf.length) {
      const nl = buf.indexOf(10, pos);
      if (nl !== -1 && size === 0 && skipped < 0) {
        // The whole line lies in this chunk (the common case): a view of it, no copy. The
        // same answers as the general path below, which keeps pieces across chunks.
        n++;
        const whole = nl - pos;
        const end = whole && buf[nl - 1] === 13 ? nl - 1 : nl;
        if (whole > maxBytes + 1) yield { n, tooLong: true, bytes: whole };
        else if (end - pos > maxBytes) yield { n, tooLong: true, bytes: end - pos };
        else yield { n, raw: buf.subarray(pos, end), bytes: end - pos };
        pos = nl + 1;
        continue;
      }
      const end = nl === -1 ? buf.length : nl;
      const piece = end - pos;
      if (skipped >= 0) skipped += piece;
      else if (size + piece > maxBytes + 1) {
        // +1: a "\r" before the "\n" is not part of the line. Drop what was kept; count the rest.
        skipped = size + piece;
        parts = [];
        size = 0;
      } else if (piece > 0) {
        // A copy, so a kept piece does not hold the whole read buffer.
        parts.push(Buffer.from(buf.subarray(pos, end)));
        size += piece;
      }
      if (nl === -1) break;
      yield finish();
      pos = nl + 1;
    }
  }
  if (size > 0 || skipped >= 0) yield finish();
}

/** The one-line message for a line over the limit. */
export function tooLongMessage(maxBytes: number): string {
  return `line longer than ${maxBytes} bytes (the limit for one document; CHUNKLAB_MAX_INPUT_BYTES sets it)`;
}
