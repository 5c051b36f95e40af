// Run labels: runLabel() builds the stored label from ids and English abbreviations ("structure · 128 ·
// ov 16 · hdr · bm25"); shownRunLabel() builds the same label in the page's language at display time (short chunker names, retriever kinds and abbreviations from the
// dictionaries: i18n/areas/run-labels.ts). Stored labels and run keys never change. A saved result
// is shown translated only when its stored label is what runLabel gives for its stored config (a
// label from elsewhere, or an older format, is shown as stored).
// The translator is passed in (the page passes i18n's t), so this stays plain TypeScript.
import type { ExperimentConfig } from '../../engine/evaluation/index.ts';
import { isBaselineChunker } from '../../engine/types.ts';

/** A dictionary lookup: the message for `key` with its params, or `key` itself when there is none. */
export type Translate = (key: never, params?: Record<string, string | number>) => string;

function termOf(tr: Translate) {
  return (key: string, fallback: string, params?: Record<string, string | number>): string => {
    const text = (tr as (k: string, p?: Record<string, string | number>) => string)(key, params);
    return text === key ? fallback : text;
  };
}

/** A model id without its owner ("Xenova/ms-marco-MiniLM-L-6-v2" → "ms-marco-MiniLM-L-6-v2"). */
export function shortModel(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

/** The label stored with a run: every part in its English form (the fallbacks below). */
export function runLabel(config: ExperimentConfig): string {
  return shownRunLabel(config, ((key: string) => key) as Translate);
}

/** The label of a run's configuration in the page's language (a part the dictionary lacks: English). */
export function shownRunLabel(config: ExperimentConfig, tr: Translate): string {
  const term = termOf(tr);
  const p = config.params;
  const parts: string[] = [term(`run.chunker.${config.chunker}`, String(config.chunker)), `${p.maxTokens}`];
  // Another library's splitter, run as a point of comparison: said in the label wherever runs are listed.
  if (isBaselineChunker(config.chunker)) parts.splice(1, 0, term('run.baseline', 'baseline'));
  if (p.overlap) parts.push(term('run.overlap', `ov ${p.overlap}`, { n: p.overlap }));
  if (config.header) parts.push(term('run.header', 'hdr'));
  const r = config.retriever;
  parts.push(term(`run.retriever.${r.kind}`, r.kind) + (r.model ? ` ${r.model}` : '') + (r.late ? ` ${term('run.late', 'late')}` : ''));
  if (config.context) parts.push(term('run.context', 'ctx'));
  else if (config.contextBaseline) parts.push(term('run.contextBaseline', 'ctx-base'));
  if (config.k !== undefined && config.k !== 10) parts.push(`k=${config.k}`);
  if (config.rerank) {
    const rr = { model: shortModel(config.rerank.model), top: config.rerank.top ?? 50 };
    parts.push(term('run.rerank', `rerank ${rr.model} top ${rr.top}`, rr));
  }
  if (config.scope === 'document') parts.push(term('run.docScope', 'doc scope'));
  if (config.budget !== undefined && config.budget !== 1024) parts.push(`B=${config.budget}`);
  // Chunk boundaries moved by hand in the inspector (results file config.edited).
  if ((config as { edited?: unknown }).edited) parts.push(term('run.edited', 'edited by hand'));
  return parts.join(' · ');
}

/** A saved result's label for display: translated from its stored config when the stored label is the generated one. */
export function shownLabel(config: unknown, stored: string, tr: Translate): string {
  const c = config as Partial<ExperimentConfig> | null | undefined;
  if (!c || typeof c !== 'object' || typeof c.chunker !== 'string' || !c.params || typeof c.params !== 'object' || !c.retriever || typeof c.retriever !== 'object') return stored;
  try {
    const asRun = asGridConfig(c as ExperimentConfig);
    if (runLabel(asRun) === stored) return shownRunLabel(asRun, tr);
    // A label given elsewhere, edited by hand in the inspector: the suffix in the page's language.
    if ((c as { edited?: unknown }).edited && stored.endsWith(EDITED_SUFFIX)) return `${stored.slice(0, -EDITED_SUFFIX.length)} · ${termOf(tr)('run.edited', 'edited by hand')}`;
    return stored;
  } catch {
    return stored;
  }
}

/**
 * Any results file's configuration (a shared file, a leaderboard entry) in the page's language, as a
 * run of the grid would be labelled; `fallback` when the config is not one a grid makes.
 */
export function shownConfigLabel(config: unknown, tr: Translate, fallback: string): string {
  const c = config as Partial<ExperimentConfig> | null | undefined;
  if (!c || typeof c !== 'object' || typeof c.chunker !== 'string' || !c.params || typeof c.params !== 'object' || typeof c.params.maxTokens !== 'number' || !c.retriever || typeof c.retriever !== 'object') return fallback;
  try {
    return shownRunLabel(asGridConfig(c as ExperimentConfig), tr);
  } catch {
    return fallback;
  }
}

/**
 * The label to store with a results file: the generated label of its config (shown translated), or,
 * when the run it came from was stored under another label, that label with " · edited by hand".
 */
export function fileLabel(config: unknown, from: string): string {
  const c = config as ExperimentConfig & { edited?: unknown };
  try {
    const { edited: _edited, ...before } = c;
    return from === runLabel(asGridConfig(before as ExperimentConfig)) ? runLabel(asGridConfig(c)) : `${from}${EDITED_SUFFIX}`;
  } catch {
    return `${from}${EDITED_SUFFIX}`;
  }
}

const EDITED_SUFFIX = ' · edited by hand';

/**
 * A results file's config as the grid had it when the label was made: the file keeps the header in
 * `params.header` (the grid in `header`), and an embedding service's record splits the grid's
 * "openai:model" into `provider` and `model`.
 */
function asGridConfig(c: ExperimentConfig): ExperimentConfig {
  const params = c.params as ExperimentConfig['params'] & { header?: unknown };
  const header = c.header ?? (params.header ? (params.header as ExperimentConfig['header']) : undefined);
  const r = c.retriever as ExperimentConfig['retriever'] & { provider?: unknown };
  const model = typeof r.provider === 'string' && typeof r.model === 'string' && !r.model.startsWith(`${r.provider}:`) ? `${r.provider}:${r.model}` : r.model;
  return { ...c, header, retriever: { ...r, model } };
}
