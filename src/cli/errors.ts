// The CLI's one-line error: what every failure prints before exit code 2.
import { InputError } from '../engine/types.ts';

/**
 * Any failure as one line: an InputError says what is wrong and where; anything else is an internal
 * error, said as such with where it happened (the first frame in our code), never a stack trace.
 * Control characters are folded so the line stays one line whatever the input quoted.
 */
export function errorLine(err: unknown): string {
  const one = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim().slice(0, 800);
  if (err instanceof InputError) return `error: ${one(err.message)}`;
  if (err instanceof RangeError && /call stack/i.test(err.message)) return 'error: the input is nested too deeply to read (internal limit reached); simplify the file';
  const e = err instanceof Error ? err : new Error(String(err));
  // A model or embedding service that failed: its message already says what happened (401: the key
  // was refused; 429; timeout; unreachable; a malformed or oversized answer) and never holds the key.
  // Matched by name so the check does not depend on where the class lives.
  if (e.name === 'LlmError' || e.name === 'EmbeddingProviderError') return `error: the service failed: ${one(e.message)}`;
  const code = (e as NodeJS.ErrnoException).code;
  const file = (e as NodeJS.ErrnoException).path;
  const FS: Record<string, string> = {
    EACCES: 'permission denied (cannot read or write it)',
    EPERM: 'operation not permitted',
    ENOENT: 'no such file or folder',
    EISDIR: 'is a folder, a file was expected',
    ENOTDIR: 'a part of the path is not a folder',
    ELOOP: 'too many symbolic links',
    ENOSPC: 'no space left on the disk',
    EROFS: 'the file system is read-only',
    EMFILE: 'too many open files',
    ENAMETOOLONG: 'the name is too long',
  };
  if (code && FS[code]) return `error: ${file ? `${one(file)}: ` : ''}${FS[code]} (${code})`;
  const frame = /\(?((?:[^()\s]*\/)?src\/[^():\s]+:\d+)/.exec(e.stack ?? '')?.[1]?.replace(/^.*?(src\/)/, '$1');
  return `error: internal error (${e.name}${code ? ` ${code}` : ''}: ${one(e.message).slice(0, 300)})${frame ? ` at ${frame}` : ''}; please report it`;
}
