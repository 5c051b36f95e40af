// How the Results view reads many saved runs: runs grouped by the grid or lesson that made them
// (newest group first), identical runs (the same configuration evaluated on the same questions) shown
// once with their repeats counted, and the filters (strategy, retriever, corpus, group). Pure: rows in,
// rows out; every number still comes from the engine's results files.
import { questionSetSignature } from '../../engine/formats/index.ts';
import type { ResultRow } from './results.ts';
import type { ResultsGroup } from '../state/types.ts';

/** The group of runs saved without one (single runs, results saved before groups existed). */
export const LOOSE_GROUP = '__loose__';

export interface RowInfo extends ResultRow {
  corpusId: string;
  group?: ResultsGroup;
}

/** A row as the table shows it: the newest of its identical runs, with the others counted. */
export interface UniqueRow extends RowInfo {
  /** Ids of every identical run (this one included), newest first. */
  repeats: string[];
  /** Some repeat has other metrics than this one (a changed engine, a different model file). */
  differs: boolean;
}

export interface RowGroup {
  id: string;
  kind: 'grid' | 'lesson' | 'loose';
  label: string;
  labelKey?: string;
  /** When the group's first run started (loose: its newest run). */
  at: number;
  /** Rows shown in this group (each identical configuration once, in the group of its newest run). */
  rows: UniqueRow[];
  /** Ids of every run of the group, shown here or as a repeat in a newer group. */
  ids: string[];
}

/** JSON with object keys sorted, so equal configurations give equal text whatever the key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Two runs are the same experiment when their whole configuration and their questions (ids and gold spans) match. */
export function identity(row: ResultRow): string {
  return `${canonical(row.file.config)}\u0000${questionSetSignature(row.file)}`;
}

export function groupId(row: RowInfo): string {
  return row.group?.id ?? LOOSE_GROUP;
}

/** Each identity once: the newest run stands for the others, which it counts. */
export function dedupe(rows: readonly RowInfo[]): UniqueRow[] {
  const by = new Map<string, RowInfo[]>();
  for (const r of [...rows].sort((a, b) => b.createdAt - a.createdAt)) {
    const k = identity(r);
    const list = by.get(k);
    if (list) list.push(r);
    else by.set(k, [r]);
  }
  return [...by.values()].map((list) => {
    const [first] = list;
    const same = (a: RowInfo) => canonical(a.file.metrics) === canonical(first.file.metrics);
    return { ...first, repeats: list.map((r) => r.id), differs: !list.every(same) };
  });
}

/** Groups newest first; each unique row sits in the group of its newest run. */
export function groupRows(all: readonly RowInfo[], unique: readonly UniqueRow[]): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const r of all) {
    const id = groupId(r);
    let g = groups.get(id);
    if (!g) {
      g = r.group
        ? { id, kind: r.group.kind, label: r.group.label, labelKey: r.group.labelKey, at: r.group.at, rows: [], ids: [] }
        : { id, kind: 'loose', label: '', at: r.createdAt, rows: [], ids: [] };
      groups.set(id, g);
    }
    g.ids.push(r.id);
    if (g.kind === 'loose') g.at = Math.max(g.at, r.createdAt);
  }
  for (const u of unique) groups.get(groupId(u))?.rows.push(u);
  return [...groups.values()].sort((a, b) => b.at - a.at);
}

export interface RowFilter {
  strategy?: string;
  retriever?: string;
  corpusId?: string;
  group?: string;
}

export function strategyOf(r: ResultRow): string {
  const c = r.file.config.chunker;
  return typeof c === 'string' ? c : '';
}

export function retrieverOf(r: ResultRow): string {
  const ret = r.file.config.retriever as { kind?: unknown } | undefined;
  return typeof ret?.kind === 'string' ? ret.kind : '';
}

export function matches(r: RowInfo, f: RowFilter): boolean {
  return (
    (!f.strategy || strategyOf(r) === f.strategy) &&
    (!f.retriever || retrieverOf(r) === f.retriever) &&
    (!f.corpusId || r.corpusId === f.corpusId) &&
    (!f.group || groupId(r) === f.group)
  );
}
