// Sessions in Results (src/app/results/sessions.ts) and the readable-chart helpers
// (src/app/results/chart-view.ts): which session is shown (the newest unless the user picked
// another since it appeared), names ("Grid: sizes · 14:32", distinct when the same grid ran twice,
// the user's own name), the runs "clear old runs" removes, the chart filter, and label placement
// that never overlaps (checked box against box, independently of the placing code).
import { describe, expect, test } from 'vitest';
import { ALL_SESSIONS, baseName, newestSession, oldRuns, sessionNames, sessionNumbers, shownSession, timeOf, variedDimensions, type NamingTools, type SessionLike } from '../../../src/app/results/sessions.ts';
import { applyChartFilter, chartFacets, colourOf, distinctParts, emphasised, placeLabels, toggleValue, PALETTE } from '../../../src/app/results/chart-view.ts';
import { LOOSE_GROUP } from '../../../src/app/results/groups.ts';
import { ptBR } from '../../../src/app/i18n/pt-BR.ts';
import { en } from '../../../src/app/i18n/en.ts';
import { plurals } from '../../../src/app/i18n/plural.ts';
import type { ResultRow } from '../../../src/app/results/results.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';

type Cfg = ResultsFile['config'];
const cfg = (chunker: string, maxTokens: number, extra: Record<string, unknown> = {}): Cfg => ({ chunker, params: { maxTokens, overlap: 0 }, retriever: { kind: 'bm25' }, k: 10, ...extra }) as unknown as Cfg;

/** A translator over the real dictionaries (fills {params}, plurals), as the page's t does. */
function trOf(dict: Record<string, string>, lang: string) {
  return (key: string, params?: Record<string, string | number>) => {
    const msg = dict[key] ?? key;
    if (!params) return msg;
    return plurals(msg, params, lang).replace(/\{(\w+)\}/g, (m, n: string) => (n in params ? String(params[n]) : m));
  };
}

const grid = (id: string, at: number, extra: Partial<SessionLike> = {}): SessionLike => ({ id, kind: 'grid', label: '', at, ...extra });

function tools(configs: Record<string, Cfg[]>, custom: Record<string, string> = {}, dict: Record<string, string> = ptBR, lang = 'pt-BR'): NamingTools {
  return { tr: trOf(dict, lang), when: (at) => `T${at}`, configs: (id) => configs[id] ?? [], single: (id) => (configs[id]?.length ? `one-of-${id}` : undefined), custom };
}

describe('which session is shown', () => {
  const groups = [grid('a', 100), grid('b', 300), grid('c', 200)];
  test('the newest session by start, whatever the order given', () => {
    expect(newestSession(groups)).toBe('b');
    expect(newestSession([])).toBeUndefined();
    expect(shownSession(groups, null)).toBe('b');
    expect(shownSession([], null)).toBe(ALL_SESSIONS);
  });
  test('a pick holds while no newer session appears; a newer session takes the view back', () => {
    const pick = { id: 'a', newest: 'b' };
    expect(shownSession(groups, pick)).toBe('a');
    expect(shownSession(groups, { id: ALL_SESSIONS, newest: 'b' })).toBe(ALL_SESSIONS);
    const after = [...groups, grid('d', 400)];
    expect(shownSession(after, pick)).toBe('d');
  });
  test('a picked session that no longer exists gives way to the newest', () => {
    expect(shownSession([grid('b', 300), grid('c', 200)], { id: 'a', newest: 'b' })).toBe('b');
  });
});

describe('what a grid varied', () => {
  test('only the dimensions whose values differ, in a fixed order', () => {
    const runs = [cfg('fixed', 128), cfg('fixed', 256), cfg('structure', 128), cfg('structure', 256)];
    expect(variedDimensions(runs)).toEqual(['chunkers', 'sizes']);
    expect(variedDimensions([cfg('fixed', 128), cfg('fixed', 256)])).toEqual(['sizes']);
    expect(variedDimensions([cfg('fixed', 128)])).toEqual([]);
  });
  test('the header is read where results files keep it (params.header), retrievers and models too', () => {
    const withHeader = { ...cfg('fixed', 128), params: { maxTokens: 128, overlap: 0, header: { fields: ['title'] } } } as unknown as Cfg;
    expect(variedDimensions([cfg('fixed', 128), withHeader])).toEqual(['headers']);
    const dense = cfg('fixed', 128, { retriever: { kind: 'dense', model: 'm1' } });
    const dense2 = cfg('fixed', 128, { retriever: { kind: 'dense', model: 'm2' } });
    expect(variedDimensions([cfg('fixed', 128), dense, dense2])).toEqual(['retrievers', 'models']);
  });
});

describe('session names', () => {
  test('a grid is named by what it varied and its time, in the page language', () => {
    const t = tools({ g: [cfg('fixed', 128), cfg('fixed', 256)] });
    expect(baseName(grid('g', 5), t)).toBe('Grade: tamanhos · T5');
    const tEn = tools({ g: [cfg('fixed', 128), cfg('structure', 256)] }, {}, en, 'en');
    expect(baseName(grid('g', 5), tEn)).toBe('Grid: strategies × sizes · T5');
  });
  test('a lesson by its title (a key translated, or a stored label); a single configuration by itself', () => {
    const t = tools({ one: [cfg('fixed', 128)] });
    expect(baseName(grid('l', 7, { kind: 'lesson', labelKey: 'sessions.dim.sizes' }), t)).toBe('tamanhos · T7');
    expect(baseName(grid('l', 7, { kind: 'lesson', label: 'Aula 3' }), t)).toBe('Aula 3 · T7');
    expect(baseName(grid('one', 8), t)).toBe('Grade: one-of-one · T8');
    expect(baseName(grid('none', 9), t)).toBe('Grade · T9');
    expect(baseName({ id: LOOSE_GROUP, kind: 'loose', label: '', at: 1 }, t)).toBe(ptBR['results.group.loose']);
  });
  test('the same grid run twice in one minute gets distinct names, numbered in order of start', () => {
    const sizes = [cfg('fixed', 128), cfg('fixed', 256)];
    const t = { ...tools({ a: sizes, b: sizes, c: sizes }), when: () => '14:32' };
    const names = sessionNames([grid('c', 3), grid('a', 1), grid('b', 2)], t);
    expect(names.get('a')).toBe('Grade: tamanhos · 14:32');
    expect(names.get('b')).toBe('Grade: tamanhos · 14:32 (2)');
    expect(names.get('c')).toBe('Grade: tamanhos · 14:32 (3)');
    expect(new Set(names.values()).size).toBe(3);
  });
  test("the user's name replaces the generated one (trimmed); an empty one does not; repeated names are made distinct", () => {
    const t = tools({ a: [cfg('fixed', 128), cfg('fixed', 256)] }, { a: '  Turma A  ', b: 'Turma A', c: '   ' });
    const names = sessionNames([grid('a', 1), grid('b', 2), grid('c', 3)], t);
    expect(names.get('a')).toBe('Turma A');
    expect(names.get('b')).toBe('Turma A (2)');
    expect(names.get('c')).toBe('Grade · T3');
  });
  test('numbers once given never move: another session renamed or cleared leaves " (2)", " (3)" where they were', () => {
    const sizes = [cfg('fixed', 128), cfg('fixed', 256)];
    const t = { ...tools({ a: sizes, b: sizes, c: sizes, d: sizes }), when: () => '14:32' };
    const groups = [grid('a', 1), grid('b', 2), grid('c', 3)];
    const first = sessionNumbers(groups, t);
    const kept = Object.fromEntries(first);
    // Without the kept numbers (as before), renaming b moved c from "(3)" to "(2)": the bug.
    expect(sessionNames(groups, { ...t, custom: { b: 'Turma B' } }).get('c')).toBe('Grade: tamanhos · 14:32 (2)');
    // With them: b renamed, c stays "(3)"; a cleared, b and c stay.
    const renamed = sessionNames(groups, { ...t, custom: { b: 'Turma B' }, numbers: kept });
    expect(renamed.get('b')).toBe('Turma B');
    expect(renamed.get('c')).toBe('Grade: tamanhos · 14:32 (3)');
    const cleared = sessionNames([grid('b', 2), grid('c', 3)], { ...t, numbers: kept });
    expect(cleared.get('b')).toBe('Grade: tamanhos · 14:32 (2)');
    expect(cleared.get('c')).toBe('Grade: tamanhos · 14:32 (3)');
    // A new session of the same name takes the first free number.
    const more = sessionNames([grid('b', 2), grid('c', 3), grid('d', 4)], { ...t, numbers: kept });
    expect(more.get('d')).toBe('Grade: tamanhos · 14:32');
    // Names stay distinct even when kept numbers collide (a name given back).
    const clash = sessionNames(groups, { ...t, numbers: { ...kept, c: { base: 'Grade: tamanhos · 14:32', n: 2 } } });
    expect(new Set(clash.values()).size).toBe(3);
  });
  test('a time today shows hours and minutes only; another day adds the date', () => {
    const now = new Date(2026, 11, 2, 15, 0).getTime();
    const today = new Date(2026, 11, 2, 14, 32).getTime();
    const before = new Date(2026, 10, 28, 9, 5).getTime();
    expect(timeOf(today, now, 'pt-BR')).toBe('14:32');
    const other = timeOf(before, now, 'pt-BR');
    expect(other).toContain('28');
    expect(other).toContain('09:05');
  });
});

describe('clear old runs', () => {
  const runs = [
    { id: '1', dataset: 'd1', group: { id: 'new' } },
    { id: '2', dataset: 'd1', group: { id: 'new' } },
    { id: '3', dataset: 'd1', group: { id: 'old' } },
    { id: '4', dataset: 'd1' },
    { id: '5', dataset: 'd2', group: { id: 'other' } },
    { id: '6', dataset: 'd2' },
  ];
  test('every run but the kept session on its dataset, and the sessions they came from', () => {
    const r = oldRuns(runs, { session: 'new', dataset: 'd1' });
    expect(r.ids).toEqual(['3', '4', '5', '6']);
    // old on d1, loose on d1, other on d2, loose on d2
    expect(r.sessions).toBe(4);
  });
  test('keeping the loose runs of one dataset keeps only that dataset’s', () => {
    expect(oldRuns(runs, { session: LOOSE_GROUP, dataset: 'd1' }).ids).toEqual(['1', '2', '3', '5', '6']);
  });
  test('nothing old: nothing removed', () => {
    expect(oldRuns(runs.slice(0, 2), { session: 'new', dataset: 'd1' })).toEqual({ ids: [], sessions: 0 });
  });
});

describe('readable charts', () => {
  const row = (id: string, chunker: string, size: number): ResultRow => ({ id, name: `${chunker} · ${size} · bm25`, stored: '', createdAt: 0, dataset: 'd', file: { config: cfg(chunker, size) } as unknown as ResultsFile });
  const CHUNKERS = ['fixed', 'recursive', 'structure', 'sentences'];
  const SIZES = [64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 4096];
  const rows48 = CHUNKERS.flatMap((c) => SIZES.map((s) => row(`${c}-${s}`, c, s)));

  test('facets and the filter: an empty list lets everything through, values combine as AND across facets', () => {
    expect(rows48.length).toBe(48);
    // The same facets (and so the same colours) whatever order the rows come in.
    const f = chartFacets([...rows48].reverse());
    expect(f.chunkers).toEqual([...CHUNKERS].sort());
    expect(chartFacets(rows48)).toEqual(f);
    expect(f.sizes).toEqual(SIZES);
    expect(applyChartFilter(rows48, { chunkers: [], sizes: [] }).length).toBe(48);
    expect(applyChartFilter(rows48, { chunkers: ['fixed'], sizes: [] }).length).toBe(12);
    const two = applyChartFilter(rows48, { chunkers: ['fixed', 'structure'], sizes: [128, 256] });
    expect(two.map((r) => r.id).sort()).toEqual(['fixed-128', 'fixed-256', 'structure-128', 'structure-256']);
    expect(toggleValue([256], 128, SIZES)).toEqual([128, 256]);
    expect(toggleValue([128, 256], 128, SIZES)).toEqual([256]);
  });

  test('one colour per strategy, the same wherever it is asked', () => {
    const colours = CHUNKERS.map((c) => colourOf(c, CHUNKERS));
    expect(new Set(colours).size).toBe(4);
    expect(colourOf('structure', CHUNKERS)).toBe(PALETTE[2]);
  });

  test('labels of 48 crowded points: none overlaps another label or another point, all inside the frame', () => {
    // Points on a crowded band, as a grid of sizes gives (x: context tokens, y: hit@1).
    const frame = { x: 52, y: 14, w: 492, h: 242 };
    const wishes = rows48.map((r, i) => ({ id: r.id, x: 60 + (i % 12) * 38, y: 40 + Math.floor(i / 12) * 20 + (i % 3) * 4, text: r.name }));
    const placed = placeLabels(wishes, frame, { charW: 6.4, h: 12 });
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(48);
    for (let i = 0; i < placed.length; i++) {
      const a = placed[i];
      expect(a.x).toBeGreaterThanOrEqual(frame.x);
      expect(a.y).toBeGreaterThanOrEqual(frame.y);
      expect(a.x + a.w).toBeLessThanOrEqual(frame.x + frame.w);
      expect(a.y + a.h).toBeLessThanOrEqual(frame.y + frame.h);
      expect(a.w).toBeCloseTo(a.text.length * 6.4);
      for (let j = i + 1; j < placed.length; j++) {
        const b = placed[j];
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart, `${a.id} / ${b.id}`).toBe(true);
      }
      for (const p of wishes) {
        if (p.id === a.id) continue;
        // Clear of every other point's circle (radius 6): the nearest point of the box is farther.
        const dx = Math.max(a.x - p.x, 0, p.x - (a.x + a.w));
        const dy = Math.max(a.y - p.y, 0, p.y - (a.y + a.h));
        expect(Math.max(dx, dy), `${a.id} over ${p.id}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  test('labels asked for first win a contested place', () => {
    const frame = { x: 0, y: 0, w: 400, h: 200 };
    // Two points close together: the first label goes right of its point; the second cannot go right
    // (over the first label) and goes left.
    const placed = placeLabels(
      [
        { id: 'a', x: 100, y: 100, text: 'aaaaaaaaaa' },
        { id: 'b', x: 100, y: 108, text: 'bbbbbbbbbb' },
      ],
      frame,
    );
    const a = placed.find((l) => l.id === 'a')!;
    const b = placed.find((l) => l.id === 'b')!;
    expect(a.x).toBe(107);
    expect(b.x + b.w).toBeCloseTo(100 - 7);
    expect(b.x + b.w <= a.x || a.x + a.w <= b.x || b.y + b.h <= a.y || a.y + a.h <= b.y).toBe(true);
  });

  test('a lone point near the right edge takes its label to the left', () => {
    const [l] = placeLabels([{ id: 'p', x: 540, y: 100, text: 'structure · 128 · bm25' }], { x: 52, y: 14, w: 492, h: 242 });
    expect(l.x + l.w).toBeLessThanOrEqual(540 - 7);
  });

  test('labels keep only the parts that tell runs apart', () => {
    expect(distinctParts(['estrutura · 384 · bm25', 'frases · 384 · bm25', 'fixo · 64 · bm25'])).toEqual(['estrutura · 384', 'frases · 384', 'fixo · 64']);
    expect(distinctParts(['fixo · 128 · cab · bm25', 'fixo · 256 · bm25'])).toEqual(['128 · cab', '256']);
    // A run that would be left with nothing (here: without the header) keeps every label whole.
    expect(distinctParts(['fixo · 128 · cab · bm25', 'fixo · 128 · bm25'])).toEqual(['fixo · 128 · cab · bm25', 'fixo · 128 · bm25']);
    expect(distinctParts(['fixo · 128 · bm25'])).toEqual(['fixo · 128 · bm25']);
    expect(distinctParts(['a · b', 'a · b'])).toEqual(['a · b', 'a · b']);
  });

  test('the best few lines in colour: ranked by score, ties in the order given', () => {
    const lines = Array.from({ length: 48 }, (_, i) => ({ id: `l${i}`, score: (i * 7) % 13 }));
    const strong = emphasised(lines, 8);
    expect(strong.size).toBe(8);
    const expected = [...lines].sort((a, b) => b.score - a.score || Number(a.id.slice(1)) - Number(b.id.slice(1))).slice(0, 8).map((l) => l.id);
    expect([...strong].sort()).toEqual([...expected].sort());
    expect(emphasised(lines.slice(0, 5), 8).size).toBe(5);
  });
});
