// How the question editor describes a question's references: why one did not resolve, where a gold
// span falls in the chunks, which resolved spans lie in the shown document, a short excerpt.
import { t } from '../i18n/index.svelte.ts';
import type { GoldSpan } from '../../engine/types.ts';
import type { Placement, ResolvedRef } from '../bridge/corpus.ts';

/** Why a reference did not resolve, in the page's language ('' when it did). */
export function refErrorText(r: ResolvedRef): string {
  if (r.ok) return '';
  if (r.error === 'missing') return t('search.q.missing');
  if (r.error === 'ambiguous') return t('search.q.ambiguous');
  if (r.error === 'empty') return t('search.q.empty');
  return t('search.q.badRef', { message: r.message });
}

/** Which chunk holds a gold span, or which chunks split it. */
export function placementText(p: Placement | undefined): string {
  if (!p) return '';
  if (p.containedIn.length) return t('search.q.inChunk', { chunks: p.containedIn.map((c) => `#${c.index + 1}`).join(', ') });
  if (p.overlapping.length > 1) return t('search.q.split', { chunks: p.overlapping.map((c) => `#${c.index + 1}`).join(', ') });
  return t('search.q.noChunk');
}

/** The placement of exactly this span, when there is one. */
export function placementOf(placements: readonly Placement[] | null, span: GoldSpan): Placement | undefined {
  return placements?.find((p) => p.span.docId === span.docId && p.span.start === span.start && p.span.end === span.end);
}

/** The resolved spans that lie in document `id`. */
export function spansOf(list: readonly ResolvedRef[] | undefined, id: string | undefined): GoldSpan[] {
  return (list ?? []).flatMap((r) => (r.ok && r.span.docId === id ? [r.span] : []));
}

/** A span's text, cut to 300 characters. */
export function excerpt(text: string | undefined, s: GoldSpan): string {
  if (!text) return '';
  const body = text.slice(s.start, s.end);
  return body.length > 300 ? `${body.slice(0, 297)}…` : body;
}
