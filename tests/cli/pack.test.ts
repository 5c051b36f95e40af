// A course pack is a dataset for the CLI: `eval --dataset pack.json` scores its first corpus and
// question set exactly as the same corpus given as a folder. The pack reader validates what it
// carries (the workspace part as a workspace file; language, grids).
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, expectOneLineError } from './helpers.ts';
import { loadDataset } from '../../src/node/files.ts';
import { readPack, writePack, workspaceFromDataset } from '../../src/engine/formats/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-pack-'));

describe('course pack', () => {
  test('eval reads a pack as its corpus and questions: the same metrics as the folder', async () => {
    const ds = await loadDataset('public/samples/pt-BR');
    const pack = writePack({ title: 'Aula 3', language: 'pt-BR', workspace: workspaceFromDataset(ds, 'amostra'), grids: [{ name: 'Tamanhos', grid: { chunkers: ['fixed'], sizes: [64, 128] } }], lessons: ['size-sweep'] });
    const file = join(tmp, 'aula.json');
    writeFileSync(file, pack);
    const back = readPack(pack);
    expect(back.title).toBe('Aula 3');
    expect(back.grids).toEqual([{ name: 'Tamanhos', grid: { chunkers: ['fixed'], sizes: [64, 128] } }]);
    expect(back.workspace.questionSets[0].questions).toHaveLength(ds.questions.length);
    const viaPack = await runCli(['eval', '--dataset', file, '--chunker', 'structure', '--max-tokens', '128', '--json']);
    const viaFolder = await runCli(['eval', '--dataset', 'public/samples/pt-BR', '--chunker', 'structure', '--max-tokens', '128', '--json']);
    expect(viaPack.code, viaPack.err).toBe(0);
    const a = JSON.parse(viaPack.out);
    const b = JSON.parse(viaFolder.out);
    expect(a.questions.length).toBe(ds.questions.length);
    expect(a.metrics).toEqual(b.metrics);
  });

  test('a bad pack: one line naming the problem', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'chunklab-pack', version: 1, title: 'x', language: 'fr', corpora: [], questionSets: [] }));
    expectOneLineError(await runCli(['eval', '--dataset', bad, '--chunker', 'fixed', '--max-tokens', '64']), /"language" must be one of pt-BR, en, got "fr"/);
    expect(() => readPack(JSON.stringify({ format: 'chunklab-pack', version: 1, title: 't', language: 'en', corpora: [], grids: [{ name: 'g', grid: 3 }] }))).toThrow(/"grid" must be an object/);
  });
});
