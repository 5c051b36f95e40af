// An error as the page shows it: when the engine gave it a code (src/engine/types.ts ErrorCode), the
// translated sentence for that code, with the engine's message (what and where, in English) kept as
// the detail in parentheses; otherwise the message alone.
import { errorCode } from '../../engine/types.ts';
import { folderNeededText } from './folder-needed.ts';
import { t, type MessageKey } from './index.svelte.ts';

export function errorText(e: unknown): string {
  const { text, detail, marked } = errorParts(e);
  const plain = marked ? text.replaceAll('`', '') : text;
  return detail ? `${plain} (${detail})` : plain;
}

/**
 * The same, in two parts: `text` in the page's language (or the engine's message when it has no
 * code) and `detail`, the engine's own message (English, what and where) for a coded error. A view
 * that can show the detail apart (as code, marked English) keeps the sentence in one language.
 * `marked`: `text` is the page's own catalogue sentence, whose commands and flags are between
 * backticks (components/CodeSpans.svelte shows them as code; errorText drops the backticks).
 */
export function errorParts(e: unknown): { text: string; detail?: string; marked?: boolean } {
  const message = e instanceof Error ? e.message : String(e);
  // A model or reranker from a folder on disk that must be picked again (src/app/components/folder.ts).
  const folder = folderNeededText(e);
  if (folder) return { text: t(folder.key, { name: folder.name }) };
  const code = errorCode(e);
  if (!code) return { text: message };
  const key = `error.${code}` as MessageKey;
  const text = t(key, params(e));
  return text === key ? { text: message } : { text, detail: message, marked: true };
}

/** The blanks of a coded message: the error's plain details (status, target…) and the page's own origin. */
function params(e: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const details = (e as { details?: unknown } | null)?.details;
  if (details && typeof details === 'object') {
    for (const [k, v] of Object.entries(details)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  if (typeof location !== 'undefined') out.origin = location.origin;
  return out;
}
