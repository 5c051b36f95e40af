// `batch --embedder openai:<model> --embed-base-url <local server>`: the estimate over every part
// comes first and its call count is the one made; nothing is sent without --yes off a terminal (the
// chunks are still written); the vectors in the Parquet parts are the server's for prefix + text;
// a rerun and a new run over the same cache make no call; the key is written nowhere.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { startEmbeddingServer, bowVector, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { RECIPE, cliAwait } from './batch-corpus.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-embed-'));
const KEY = 'sk-batch-embed-SECRET-9k2';
let server: EmbeddingServer;
beforeAll(async () => {
  server = await startEmbeddingServer({ kind: 'openai', key: KEY, maxInputs: 4 });
});
afterAll(async () => {
  await server?.close();
});

const norm = (v: readonly number[]) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};

async function partRows(dir: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const p of readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort()) out.push(...((await parquetReadObjects({ file: await asyncBufferFromFile(join(dir, p)) })) as Record<string, unknown>[]));
  return out;
}

describe('batch --embedder', () => {
  test('estimate, confirmation, vectors, cache', async () => {
    const recipe = join(tmp, 'recipe.json');
    writeFileSync(recipe, JSON.stringify({ ...RECIPE, params: { maxTokens: 16 } }));
    const input = join(tmp, 'docs.jsonl');
    const docs = Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, text: `# Part ${i}\n\nThe harbor ledger ${i} keeps copper ${i * 3}. A second sentence about the river ${i}.\n\nMore lines here ${i}.` }));
    writeFileSync(input, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const out = join(tmp, 'out');
    const cache = join(tmp, 'cache');
    const args = ['batch', '--recipe', recipe, '--input', input, '--out', out, '--workers', '1', '--part-rows', '5', '--embedder', 'openai:text-embedding-3-small', '--embed-base-url', server.base, '--embed-batch', '4', '--cache-dir', cache];
    const env = { OPENAI_API_KEY: KEY };

    // No terminal and no --yes: the chunks are written, nothing is sent.
    const refused = await cliAwait(args, env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/texts to embed/);
    expect(refused.stderr).toMatch(/^error: .*pass --yes/m);
    expect(server.served()).toHaveLength(0);
    const chunks = await partRows(out);
    expect(chunks.length).toBeGreaterThan(6);
    expect(chunks.every((r) => r.vector === undefined)).toBe(true);

    // --yes: the estimate's calls are the calls made, in batches of at most 4.
    const ok = await cliAwait([...args, '--yes'], env);
    expect(ok.status, ok.stderr).toBe(0);
    const calls = Number(/(\d+) calls, about/.exec(ok.stderr)?.[1]);
    expect(calls).toBeGreaterThan(1);
    expect(server.served()).toHaveLength(calls);
    expect(server.served().every((r) => r.body.input.length <= 4)).toBe(true);
    const rows = await partRows(out);
    expect(rows.map((r) => r.id)).toEqual(chunks.map((r) => r.id));
    for (const r of rows) {
      const want = norm(bowVector(String(r.prefix) + String(r.text)));
      const got = norm(r.vector as number[]);
      expect(got.length).toBe(want.length);
      got.forEach((x, i) => expect(x).toBeCloseTo(want[i], 5));
    }

    // A rerun has nothing to send; a new run over the same cache sends nothing either.
    const again = await cliAwait([...args, '--yes'], env);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/every part has its vectors already/);
    const fresh = await cliAwait([...args.map((a) => (a === out ? join(tmp, 'out2') : a)), '--yes'], env);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stderr).toMatch(/0 texts to embed/);
    expect(server.served()).toHaveLength(calls);
    expect((await partRows(join(tmp, 'out2'))).map((r) => r.vector)).toEqual(rows.map((r) => r.vector));

    // The key is in no output file and no message.
    for (const dir of [out, join(tmp, 'out2')]) for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).includes(KEY)).toBe(false);
    expect(ok.stderr + refused.stderr + again.stderr).not.toContain(KEY);
  });
});
