// Sessions in the Results view: each grid or lesson the user ran is a session (a group of runs,
// groups.ts). This file decides which session the headline, verdict and charts describe (the one just
// run, unless the user picked another or "all"), what each session is called ("Grid: sizes · 14:32",
// a lesson's title, or the user's own name; always distinct), and which runs "clear old runs" removes.
// Pure: the page passes in its translator and clock, so unit tests run it in Node.
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import { LOOSE_GROUP } from './groups.ts';

/** What naming and choosing a session needs of a group (RowGroup has all of it). */
export interface SessionLike {
  id: string;
  kind: 'grid' | 'lesson' | 'loose';
  label: string;
  labelKey?: string;
  at: number;
}

/** The "all sessions" choice. */
export const ALL_SESSIONS = '__all__';

/** The newest session (the grid or lesson just run): the one with the latest start. */
export function newestSession(groups: readonly Pick<SessionLike, 'id' | 'at'>[]): string | undefined {
  let best: Pick<SessionLike, 'id' | 'at'> | undefined;
  for (const g of groups) if (!best || g.at > best.at) best = g;
  return best?.id;
}

/** A choice the user made, and the newest session when they made it. */
export interface SessionPick {
  id: string;
  /** The newest session at the time: a newer one (a grid run since) takes the view back. */
  newest: string | undefined;
}

/**
 * The session shown: the user's pick while it exists and no newer session has appeared since it was
 * made; otherwise the newest session. ALL_SESSIONS when the user chose every session, or when there
 * are none.
 */
export function shownSession(groups: readonly Pick<SessionLike, 'id' | 'at'>[], pick: SessionPick | null): string {
  const newest = newestSession(groups);
  if (pick && pick.newest === newest && (pick.id === ALL_SESSIONS || groups.some((g) => g.id === pick.id))) return pick.id;
  return newest ?? ALL_SESSIONS;
}

/** The settings a grid can vary, in the order a name lists them. */
export const DIMENSIONS = ['chunkers', 'sizes', 'overlaps', 'headers', 'retrievers', 'models', 'contexts', 'rerankers', 'scopes', 'budgets'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** One run's value on each dimension, read from its results file's config (as stored: header in params). */
function valuesOf(config: ResultsFile['config']): Record<Dimension, string> {
  const c = config as Record<string, unknown>;
  const p = (c.params ?? {}) as Record<string, unknown>;
  const r = (c.retriever ?? {}) as Record<string, unknown>;
  const rr = c.rerank as Record<string, unknown> | undefined;
  return {
    chunkers: String(c.chunker ?? ''),
    sizes: String(p.maxTokens ?? ''),
    overlaps: String(p.overlap ?? 0),
    headers: p.header || c.header ? '1' : '0',
    retrievers: String(r.kind ?? ''),
    models: String(r.model ?? ''),
    contexts: c.context ? 'c' : c.contextBaseline ? 'b' : '',
    rerankers: rr ? `${String(rr.model ?? '')}@${String(rr.top ?? '')}` : '',
    scopes: String(c.scope ?? 'corpus'),
    budgets: String(c.budget ?? 1024),
  };
}

/** The dimensions on which these runs differ (what the grid was about), in DIMENSIONS order. */
export function variedDimensions(configs: readonly ResultsFile['config'][]): Dimension[] {
  const seen = new Map<Dimension, Set<string>>(DIMENSIONS.map((d) => [d, new Set()]));
  for (const c of configs) {
    const v = valuesOf(c);
    for (const d of DIMENSIONS) seen.get(d)!.add(v[d]);
  }
  return DIMENSIONS.filter((d) => seen.get(d)!.size > 1);
}

export interface NamingTools {
  /** The page's translator (keys below: sessions.*), with its parameters. */
  tr: (key: string, params?: Record<string, string | number>) => string;
  /** The time a session started, as the page shows it (timeOf). */
  when: (at: number) => string;
  /** The configurations of a session's runs (to say what a hand-made grid varied). */
  configs: (id: string) => readonly ResultsFile['config'][];
  /** A session's single configuration, shown (used when its runs do not differ). */
  single: (id: string) => string | undefined;
  /** Names the user gave (session id → name). */
  custom: Readonly<Record<string, string>>;
  /** The numbers sessions were given before (sessionNumbers), so that a name never moves. */
  numbers?: Readonly<Record<string, SessionNumber>>;
}

/** The number a session's name was given: " (n)" after `base` (n = 1: the plain name). */
export interface SessionNumber {
  base: string;
  n: number;
}

/** A session's name before it is made distinct: the user's, else the lesson's or "Grid: sizes", with its time. */
export function baseName(g: SessionLike, tools: NamingTools): string {
  if (g.kind === 'loose') return tools.tr('results.group.loose');
  const own = tools.custom[g.id]?.trim();
  if (own) return own;
  const when = tools.when(g.at);
  // Only a lesson's or a pack's own grid carries its name (a grid of the user's is named after what it varied).
  const lesson = g.kind !== 'lesson' ? '' : g.labelKey ? tools.tr(g.labelKey) : g.label;
  if (lesson) return tools.tr('sessions.name.lesson', { name: lesson, when });
  const dims = variedDimensions(tools.configs(g.id));
  if (dims.length) return tools.tr('sessions.name.grid', { what: dims.map((d) => tools.tr(`sessions.dim.${d}`)).join(' × '), when });
  const one = tools.single(g.id);
  return one ? tools.tr('sessions.name.grid', { what: one, when }) : tools.tr('sessions.name.plain', { when });
}

/** A session's name as shown: its base name, with " (n)" from the second one on. */
export const numbered = (base: string, n: number): string => (n > 1 ? `${base} (${n})` : base);

/**
 * Every session's name, distinct: when two would read the same (the same grid run twice within a
 * minute, or the same name given twice), the later ones get " (2)", " (3)"… in order of their start.
 * A number given before (tools.numbers, for the same base name) is kept: renaming or clearing
 * another session never moves it.
 */
export function sessionNames(groups: readonly SessionLike[], tools: NamingTools): Map<string, string> {
  return new Map([...sessionNumbers(groups, tools)].map(([id, x]) => [id, numbered(x.base, x.n)]));
}

/** Each session's base name and number (what sessionNames shows, and what the page keeps so it never moves). */
export function sessionNumbers(groups: readonly SessionLike[], tools: NamingTools): Map<string, SessionNumber> {
  const out = new Map<string, SessionNumber>();
  const used = new Set<string>();
  const byStart = [...groups].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bases = new Map(byStart.map((g) => [g.id, baseName(g, tools)]));
  const kept = tools.numbers ?? {};
  // First the numbers already given, where the base name is still the same and the name is free.
  for (const g of byStart) {
    const k = kept[g.id];
    const base = bases.get(g.id)!;
    if (!k || k.base !== base || !(k.n >= 1) || used.has(numbered(base, k.n))) continue;
    used.add(numbered(base, k.n));
    out.set(g.id, { base, n: k.n });
  }
  // Then the others, in order of start: the plain name when free, else the first free number.
  for (const g of byStart) {
    if (out.has(g.id)) continue;
    const base = bases.get(g.id)!;
    let n = 1;
    while (used.has(numbered(base, n))) n++;
    used.add(numbered(base, n));
    out.set(g.id, { base, n });
  }
  const ordered = new Map<string, SessionNumber>();
  for (const g of byStart) ordered.set(g.id, out.get(g.id)!);
  return ordered;
}

/** "14:32" for a time today, "02/12 14:32" (the page's date order) for another day. */
export function timeOf(at: number, now: number, lang: string): string {
  const d = new Date(at);
  const today = new Date(now);
  const sameDay = d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  return sameDay ? d.toLocaleTimeString(lang, time) : d.toLocaleString(lang, { day: '2-digit', month: '2-digit', ...time });
}

/** A saved run as "clear old runs" sees it. */
export interface RunRef {
  id: string;
  dataset: string;
  group?: { id: string };
}

/**
 * The runs "clear old runs" removes: every saved run except the kept session's (that session's
 * group on that dataset), and how many sessions they came from.
 */
export function oldRuns(runs: readonly RunRef[], keep: { session: string; dataset: string }): { ids: string[]; sessions: number } {
  const ids: string[] = [];
  const sessions = new Set<string>();
  for (const r of runs) {
    const gid = r.group?.id ?? LOOSE_GROUP;
    if (gid === keep.session && r.dataset === keep.dataset) continue;
    ids.push(r.id);
    sessions.add(`${r.dataset}\u0000${gid}`);
  }
  return { ids, sessions: sessions.size };
}
