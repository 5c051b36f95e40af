// The chunker kit refactor changed no output: every chunker's chunks on the built-in samples (spans,
// prefixes, counts, paths, return ranges, parents, flags) hash to what main's code gave before it
// (fixtures/spans-before.json, written by snapshot.ts from the code before the kit existed). Also the
// kit's shape: strategies import the kit, never each other, and no import circle among the chunkers.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { CHUNKER_IDS, CHUNKER_LIST } from '../../../src/engine/chunkers/index.ts';
import { computeSnapshot, SNAPSHOT_FILE } from './snapshot.ts';

/** Entries whose output changed on purpose since the snapshot, with why. Keys: corpus|chunker|cap|header|options|doc. */
const INTENDED_CHANGES: { match: (key: string) => boolean; why: string }[] = [
  {
    // Issue 13 item 4 (unit packing, kit/pack.ts, used by these three only): a cut table repeats its
    // header row even when the context header is on (the context header shortens, down to the title;
    // the header row drops its delimiter line when only that fits), a table whose header row does not
    // fit with its first row starts its rows in a piece that repeats the header, and headings share a
    // chunk with their body under a shortened context header rather than being left alone.
    match: (k) => /^[^|]+\|(sentences|structure|semantic)\|/.test(k),
    why: 'tables keep their header row and headings their body under the context header',
  },
  {
    // Issue 13 item 1: breakpoints from windows of `buffer` units each side, a smoothed curve and its
    // peaks (ties counted), merging micro-groups in one pass.
    match: (k) => /^[^|]+\|semantic\|/.test(k),
    why: 'semantic compares windows, smooths the curve and cuts at its peaks',
  },
  {
    // Issue 16: a merged structure chunk carries the heading path its sections share (and that header).
    match: (k) => /^[^|]+\|structure\|/.test(k),
    why: 'merged structure chunks take the common heading path of their sections',
  },  {
    // Issue 25: the sentence splitter keeps a bare list number ("4.") with its item instead of making
    // it a sentence: on the samples with numbered lists (these six), sentence units, windows and the
    // 'oversized-unit' flags of the chunkers that use them move.
    match: (k) => /\|(politica-seguranca-cedro|notas-versao-api-sabia|faq-purificador-fc300|central-ajuda-ipe-casa|hr-leave-remote-kestrel|help-centre-tidewater)$/.test(k),
    why: 'a bare list number is part of its item, not a sentence',
  },
];

test('same chunks as before the kit, on every sample, chunker, cap, header and option', async () => {
  const before = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Record<string, string>;
  const now = await computeSnapshot();
  expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
  const changed = Object.keys(before).filter((k) => before[k] !== now[k] && !INTENDED_CHANGES.some((c) => c.match(k)));
  expect(changed).toEqual([]);
});

const DIR = fileURLToPath(new URL('../../../src/engine/chunkers/', import.meta.url));
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']+)'/gms)].map((m) => m[1]);

test('strategies import the kit, documents and types, never another strategy', () => {
  const strategies = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !['index.ts', 'registry.ts', 'chunk-document.ts'].includes(f));
  // Every chunker is declared in exactly one strategy file (a file may hold a family: mastra.ts has
  // its recursive and markdown strategies), and every strategy file declares a chunker.
  const declared = strategies.map((f) => [...readFileSync(DIR + f, 'utf8').matchAll(/^  id: '([^']+)',$/gm)].map((m) => m[1]));
  expect(declared.every((ids) => ids.length > 0), 'a strategy file declares no chunker').toBe(true);
  expect(declared.flat().sort()).toEqual([...CHUNKER_IDS].sort());
  for (const f of strategies) {
    for (const spec of importsOf(DIR + f)) {
      expect(spec.startsWith('./') ? spec.startsWith('./kit/') : true, `${f} imports ${spec}`).toBe(true);
    }
  }
});

test('the kit never imports a strategy or the registry, and its files form no import circle', () => {
  const kit = readdirSync(DIR + 'kit').filter((f) => f.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const f of kit) {
    const deps = importsOf(DIR + 'kit/' + f);
    for (const d of deps) expect(d.startsWith('./') || d.startsWith('../../'), `kit/${f} imports ${d}`).toBe(true);
    graph.set(f, deps.filter((d) => d.startsWith('./')).map((d) => d.slice(2)));
  }
  const state = new Map<string, number>();
  const visit = (f: string, path: string[]): void => {
    if (state.get(f) === 2) return;
    expect(state.get(f), `import circle: ${[...path, f].join(' → ')}`).not.toBe(1);
    state.set(f, 1);
    for (const d of graph.get(f) ?? []) visit(d, [...path, f]);
    state.set(f, 2);
  };
  for (const f of kit) if (f !== 'index.ts') visit(f, []);
});

test('each strategy carries its own metadata, and the registry lists them once', () => {
  const ids = CHUNKER_LIST.map((c) => c.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const c of CHUNKER_LIST) {
    expect(c.chunker.id).toBe(c.id);
    expect(c.label.pt && c.label.en && c.summary.pt && c.summary.en).toBeTruthy();
    expect(c.params.map((p) => p.name).slice(0, 1)).toEqual(['maxTokens']);
  }
});

test('the registry entries, less their chunker object, are plain data a worker can post (structured clone)', () => {
  for (const { chunker: _chunker, ...info } of CHUNKER_LIST) {
    expect(() => structuredClone(info), info.id).not.toThrow();
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
  }
});
