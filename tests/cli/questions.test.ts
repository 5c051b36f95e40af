// `questions` end to end against a real local OpenAI-compatible server: the estimate first, good
// questions kept with exact spans, the rest rejected by reason, a ChunkLab folder that `eval` reads,
// the key nowhere in what is written, bad input one line with exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, expectOneLineError } from './helpers.ts';
import { startServer, openaiReply, type TestServer } from '../engine/llm/server.ts';

const MANUAL = `# Manual\n\n## Reembolso\n\nA Aurora paga o reembolso em até 20 dias úteis, contados do envio dos documentos.\n\nO pedido deve ser enviado em até 180 dias a partir da data do atendimento.\n\n## Carência\n\nConsultas não têm carência. Internações têm carência de 180 dias. 🎉 Emoji aqui.`;

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-q-'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'manual.md'), MANUAL);
  writeFileSync(
    join(dir, 'documents.json'),
    JSON.stringify({ format: 'chunklab-folder', version: 1, name: 'test', language: 'pt', documents: [{ id: 'manual', file: 'docs/manual.md', title: 'Manual' }] }),
  );
  return dir;
}

const ANSWER = JSON.stringify({
  questions: [
    { question: 'Em quantos dias o dinheiro do reembolso cai na conta?', excerpts: ['A Aurora paga o reembolso em até 20 dias úteis'] },
    { question: 'Qual é o limite de tempo para pedir o reembolso?', excerpts: ['O pedido deve ser enviado em até 180 DIAS'] },
    { question: 'Preciso esperar para marcar uma consulta?', excerpts: ['“Consultas não têm carência.”'] },
    { question: 'Quanto custa a consulta?', excerpts: ['A consulta custa R$ 300'] },
    { question: 'Em quantos dias o dinheiro do reembolso cai na conta?', excerpts: ['paga o reembolso em até 20 dias úteis'] },
  ],
});

describe('cli questions', () => {
  let server: TestServer;
  let calls = 0;
  beforeAll(async () => {
    server = await startServer((req) => {
      calls++;
      return req.body.messages[1].content.includes('Reembolso') || req.body.messages[1].content.includes('Carência') ? openaiReply(ANSWER) : openaiReply('not json');
    });
  });
  afterAll(() => server.close());

  it('writes a ChunkLab folder of located questions that eval reads', async () => {
    const data = folder();
    const out = join(mkdtempSync(join(tmpdir(), 'chunklab-qo-')), 'generated');
    const cacheDir = mkdtempSync(join(tmpdir(), 'chunklab-qc-'));
    const key = 'sk-test-SECRET-123';
    const r = await runCli(['questions', '--dataset', data, '--generator', 'openai:local-test', '--base-url', `${server.url}/v1`, '--count', '2', '--per-call', '5', '--cache-dir', cacheDir, '--out', out], { OPENAI_API_KEY: key });
    expect(r.code, r.err).toBe(0);
    const lines = r.err.trim().split('\n');
    expect(lines[0]).toMatch(/^estimate\s+2 questions from 1 passages: 1 calls/);
    expect(r.err).toMatch(/asked 2, received 5, kept 3, rejected 2 \(excerpt not in the document 1, duplicate 1\)/);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);
    const qs = JSON.parse(readFileSync(join(out, 'questions.json'), 'utf8'));
    expect(qs.questions).toHaveLength(3);
    const text = readFileSync(join(out, 'docs', 'manual.md'), 'utf8');
    const cps = [...text];
    const spans = qs.questions.map((q: { gold: { start: number; end: number }[] }) => cps.slice(q.gold[0].start, q.gold[0].end).join(''));
    expect(spans).toEqual(['A Aurora paga o reembolso em até 20 dias úteis', 'O pedido deve ser enviado em até 180 dias', 'Consultas não têm carência.']);
    for (const q of qs.questions) {
      expect(q.review).toBe('unreviewed');
      expect(q.provenance).toMatchObject({ model: 'openai:local-test', promptVersion: 'q1' });
    }
    // the key is in no file written
    for (const f of ['questions.json', 'documents.json', join('docs', 'manual.md')]) expect(readFileSync(join(out, f), 'utf8')).not.toContain(key);
    for (const f of readdirSync(cacheDir)) expect(readFileSync(join(cacheDir, f), 'utf8')).not.toContain(key);

    // eval reads it (unreviewed questions included and said), --reviewed-only leaves them out
    const e = await runCli(['eval', '--dataset', out, '--chunker', 'sentences', '--max-tokens', '64', '--json']);
    expect(e.code, e.err).toBe(0);
    expect(e.err).toMatch(/3 generated questions are unreviewed and included/);
    const results = JSON.parse(e.out);
    expect(results.questions).toHaveLength(3);
    expect(results.config.unreviewedQuestions).toBe(3);
    expect(results.metrics.coverage).toBeGreaterThan(0);

    // a rerun makes no call
    const before = calls;
    const again = await runCli(['questions', '--dataset', data, '--generator', 'openai:local-test', '--base-url', `${server.url}/v1`, '--count', '2', '--per-call', '5', '--cache-dir', cacheDir, '--out', out]);
    expect(again.code).toBe(0);
    expect(calls).toBe(before);
    expect(again.err).toMatch(/0 calls \(1 cached\)/);
  });

  it('bad input: one line, exit 2, nothing written', async () => {
    const data = folder();
    const out = join(mkdtempSync(join(tmpdir(), 'chunklab-qo-')), 'x');
    expectOneLineError(await runCli(['questions', '--dataset', data, '--generator', 'mistral:7b', '--out', out]), /not a provider spec/);
    expectOneLineError(await runCli(['questions', '--dataset', data, '--generator', 'openai:m', '--count', '2', '--per-document', '1', '--out', out]), /not both/);
    expectOneLineError(await runCli(['questions', '--dataset', join(data, 'nope'), '--generator', 'openai:m', '--out', out]), /no such file/);
    expectOneLineError(await runCli(['questions', '--dataset', data, '--generator', 'openai:m', '--language', 'fr', '--out', out]), /--language/);
    expectOneLineError(await runCli(['questions', '--dataset', data, '--generator', 'openai:m', '--out', data]), /is the dataset itself/);
    expectOneLineError(await runCli(['questions', '--dataset', data, '--generator', 'openai:m', '--out', join(data, 'docs')]), /not a ChunkLab folder/);
    expect(() => readdirSync(out)).toThrow();
  });
});
