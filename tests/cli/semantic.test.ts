// The semantic chunker from the command line: without --model the lexical TF-IDF embedder (one line on
// stderr says so; a two-topic paragraph is cut where the topic changes), with --model the real model
// embedder and its file cache (chunk and eval).
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const MODEL = join(root, 'tests/fixtures/models/chunklab-test-bert');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-semantic-'));

const volcano = [
  'The volcano woke after a century of silence.',
  'Hot lava poured from the volcano crater.',
  'Ash from the volcano darkened the crater rim and the valley.',
  'Geologists measured the volcano gases near the crater.',
  'The lava reached the valley below the volcano.',
  'Villagers left the valley when the volcano roared.',
];
const bread = [
  'Baking bread starts with flour, water and yeast.',
  'The bread dough rises while the yeast works.',
  'A hot oven gives the bread its crust.',
  'Fresh bread cools on a rack before slicing.',
  'Bakers sell the bread at dawn.',
];
const text = [...volcano, ...bread].join(' ');
const DS = join(tmp, 'topics.json');
writeFileSync(
  DS,
  JSON.stringify({
    version: '1.1',
    data: [
      {
        title: 'Topics',
        paragraphs: [
          {
            context: text,
            qas: [
              { id: 'v', question: 'What poured from the crater?', answers: [{ text: 'Hot lava', answer_start: text.indexOf('Hot lava') }] },
              { id: 'b', question: 'What gives the bread its crust?', answers: [{ text: 'A hot oven', answer_start: text.indexOf('A hot oven') }] },
            ],
          },
        ],
      },
    ],
  }),
);
const LEXICAL_LINE = /^semantic   no --model: sentence vectors from the lexical TF-IDF embedder/m;

describe('--chunker semantic without --model', () => {
  test('chunk: says so on stderr and cuts the paragraph where the topic changes', async () => {
    const out = join(tmp, 'lexical.jsonl');
    const r = await runCli(['chunk', '--dataset', DS, '--chunker', 'semantic', '--max-tokens', '256', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err.match(new RegExp(LEXICAL_LINE, 'gm'))).toHaveLength(1);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.start, l.end])).toEqual([
      [0, volcano.join(' ').length],
      [text.indexOf(bread[0]), text.length],
    ]);
  });

  test('eval: records the lexical embedder in the config', async () => {
    const r = await runCli(['eval', '--dataset', DS, '--chunker', 'semantic', '--max-tokens', '256', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(LEXICAL_LINE);
    const file = JSON.parse(r.out);
    expect(file.config.semanticEmbedder).toBe('lexical-tfidf');
    expect(file.chunks).toHaveLength(2);
    expect(file.metrics['hit@1']).toBe(1);
  });

  test('other chunkers say nothing about embedders', async () => {
    const r = await runCli(['eval', '--dataset', DS, '--chunker', 'sentences', '--max-tokens', '64', '--json']);
    expect(r.err).not.toMatch(/lexical/);
    expect(JSON.parse(r.out).config.semanticEmbedder).toBeUndefined();
  });
});

describe('--chunker semantic with --model', () => {
  test('chunk: the model embeds (cached on disk), no lexical line, and a rerun writes the same file', async () => {
    const cache = join(tmp, 'emb');
    const a = join(tmp, 'model-a.jsonl');
    const b = join(tmp, 'model-b.jsonl');
    const r = await runCli(['chunk', '--dataset', DS, '--chunker', 'semantic', '--max-tokens', '256', '--model', MODEL, '--cache-dir', cache, '--out', a]);
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(/lexical/);
    const dirs = readdirSync(cache);
    expect(dirs).toHaveLength(1);
    expect(dirs[0]).toMatch(/^chunklab-test-bert_[0-9a-f]{16}$/);
    expect(existsSync(join(cache, dirs[0], 'fp32.bin'))).toBe(true);
    const size = readFileSync(join(cache, dirs[0], 'fp32.bin')).length;
    expect((await runCli(['chunk', '--dataset', DS, '--chunker', 'semantic', '--max-tokens', '256', '--model', MODEL, '--cache-dir', cache, '--out', b])).code).toBe(0);
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
    // every sentence vector came from the cache: nothing appended
    expect(readFileSync(join(cache, dirs[0], 'fp32.bin')).length).toBe(size);
  });

  test('eval: records the model as the semantic embedder', async () => {
    const r = await runCli(['eval', '--dataset', DS, '--chunker', 'semantic', '--max-tokens', '256', '--model', MODEL, '--no-cache', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(/lexical/);
    expect(JSON.parse(r.out).config.semanticEmbedder).toBe('chunklab-test-bert');
  });
});
