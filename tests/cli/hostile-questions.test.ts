// `questions` against hostile folders and servers: an unrelated folder that merely holds a
// documents.json (plus other files and subfolders) survives `--out`; a folder the command wrote
// itself (its marker) is replaced; a symbolic link is refused; a 401 is worded as a refused key, not
// as an internal error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, expectOneLineError } from './helpers.ts';
import { startServer, openaiReply, type TestServer } from '../engine/llm/server.ts';
import { GENERATED_MARKER } from '../../src/cli/questions.ts';

const MANUAL = '# Manual\n\n## Reembolso\n\nA Aurora paga o reembolso em até 20 dias úteis, contados do envio dos documentos.\n';
const ANSWER = JSON.stringify({ questions: [{ question: 'Em quantos dias sai o reembolso?', excerpts: ['A Aurora paga o reembolso em até 20 dias úteis'] }] });

function dataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-hq-'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'manual.md'), MANUAL);
  writeFileSync(join(dir, 'documents.json'), JSON.stringify({ format: 'chunklab-folder', version: 1, name: 't', language: 'pt', documents: [{ id: 'manual', file: 'docs/manual.md' }] }));
  return dir;
}

/** Every file under `dir` with its content, for before/after comparison. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      else out[`${rel}${e.name}`] = readFileSync(join(d, e.name), 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

describe('questions --out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req) => (req.path.endsWith('/chat/completions') ? openaiReply(ANSWER) : { status: 404, json: {} }));
  });
  afterAll(() => server.close());
  const args = (data: string, out: string, cache: string) => ['questions', '--dataset', data, '--generator', 'openai:m', '--base-url', `${server.url}/v1`, '--count', '1', '--cache-dir', cache, '--out', out];

  it('never deletes a folder it did not write, even one holding documents.json', async () => {
    const data = dataset();
    const out = mkdtempSync(join(tmpdir(), 'chunklab-unrelated-'));
    writeFileSync(join(out, 'documents.json'), '{"mine": true}');
    writeFileSync(join(out, 'thesis.tex'), '\\section{Mine}');
    mkdirSync(join(out, 'photos', '2025'), { recursive: true });
    writeFileSync(join(out, 'photos', '2025', 'a.txt'), 'holiday');
    const before = snapshot(out);
    expect(Object.keys(before)).toHaveLength(3);
    expectOneLineError(await runCli(args(data, out, mkdtempSync(join(tmpdir(), 'c-')))), /not a ChunkLab folder written by "questions".*nothing in it is replaced/);
    expect(snapshot(out)).toEqual(before);
    expect(server.requests).toHaveLength(0); // refused before any call
  });

  it('replaces a folder it wrote itself (the marker), and refuses a symbolic link', async () => {
    const data = dataset();
    const out = join(mkdtempSync(join(tmpdir(), 'chunklab-gen-')), 'generated');
    const cache = mkdtempSync(join(tmpdir(), 'c-'));
    expect((await runCli(args(data, out, cache))).code).toBe(0);
    expect(existsSync(join(out, GENERATED_MARKER))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'questions.json'), 'utf8')).questions).toHaveLength(1);
    writeFileSync(join(out, 'stale.txt'), 'left from before');
    expect((await runCli(args(data, out, cache))).code).toBe(0); // its own folder: replaced whole
    expect(existsSync(join(out, 'stale.txt'))).toBe(false);
    expect(existsSync(join(out, GENERATED_MARKER))).toBe(true);
    const link = join(mkdtempSync(join(tmpdir(), 'chunklab-link-')), 'link');
    symlinkSync(out, link);
    expectOneLineError(await runCli(args(data, link, cache)), /symbolic link/);
    expect(existsSync(join(out, 'questions.json'))).toBe(true);
  });

  it('a 401 says the key was refused, not "internal error"', async () => {
    const s = await startServer(() => ({ status: 401, json: { error: { message: 'invalid x-api-key' } } }));
    try {
      const out = join(mkdtempSync(join(tmpdir(), 'chunklab-401-')), 'o');
      const r = await runCli(
        ['questions', '--dataset', dataset(), '--generator', 'anthropic:m', '--base-url', s.url, '--count', '1', '--cache-dir', mkdtempSync(join(tmpdir(), 'c-')), '--out', out],
        { ANTHROPIC_API_KEY: 'sk-ant-secret-key-123' },
        { internalAsLine: true },
      );
      expect(r.code).toBe(2);
      const last = r.err.trim().split('\n').at(-1)!;
      expect(last).toMatch(/^error: the service failed: the API refused the key \(HTTP 401\)/);
      expect(r.err).not.toMatch(/internal error|please report/);
      expect(r.err).not.toContain('sk-ant-secret-key-123');
      expect(existsSync(out)).toBe(false);
    } finally {
      await s.close();
    }
  });
});
