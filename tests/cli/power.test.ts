// The CLI's enough-questions lines: eval's summary gives the detectable difference and hit@5's
// document bootstrap; compare's verdict says "too few questions to tell" with the questions needed,
// each figure checked against the formula written here.
import { expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers.ts';

const SAMPLE = new URL('../../public/samples/pt-BR', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-power-'));
const Z = 1.959963984540054;
const ZB = 0.8416212335729143;

test('eval summary: the smallest detectable difference for this many questions, and hit@5 resampling documents', async () => {
  const r = await runCli(['eval', '--dataset', SAMPLE, '--chunker', 'recursive', '--max-tokens', '128']);
  expect(r.code, r.err).toBe(0);
  const m = r.out.match(/detectable (\d+) questions tell two configurations apart \(paired, 80% power\) only by ≥ ([\d.]+) points at 20%/);
  expect(m).not.toBeNull();
  const n = Number(m![1]);
  const d = Number(m![2]) / 100;
  // Connor's n at that difference (ψ = 0.2) is the question count, to the printed rounding.
  const need = (delta: number) => (Z * Math.sqrt(0.2) + ZB * Math.sqrt(0.2 - delta * delta)) ** 2 / delta ** 2;
  expect(need(d + 0.0006)).toBeLessThanOrEqual(n);
  expect(need(d - 0.0006)).toBeGreaterThan(n);
  expect(r.out).toMatch(/hit@5 boot 0\.\d{3} \[0\.\d{3}, [01]\.\d{3}\] resampling \d+ documents; \[0\.\d{3}, [01]\.\d{3}\] resampling questions/);
});

test('compare: two close runs are "too few questions to tell", with the questions a decisive test needs', async () => {
  const a = join(tmp, 'a.json');
  const b = join(tmp, 'b.json');
  expect((await runCli(['eval', '--dataset', SAMPLE, '--chunker', 'recursive', '--max-tokens', '128', '--out', a])).code).toBe(0);
  expect((await runCli(['eval', '--dataset', SAMPLE, '--chunker', 'sentences', '--max-tokens', '128', '--out', b])).code).toBe(0);
  const r = await runCli(['compare', a, b]);
  expect(r.code, r.err).toBe(0);
  // Discordant counts from the files themselves: hit@5 = no miss recorded.
  const fa = JSON.parse(readFileSync(a, 'utf8'));
  const fb = JSON.parse(readFileSync(b, 'utf8'));
  const hb = new Map(fb.questions.map((q: { id: string; miss?: string }) => [q.id, !q.miss]));
  let onlyA = 0;
  let onlyB = 0;
  for (const q of fa.questions) {
    const x = !q.miss;
    const y = hb.get(q.id);
    if (x && !y) onlyA++;
    if (!x && y) onlyB++;
  }
  const n = fa.questions.length;
  const psi = (onlyA + onlyB) / n;
  const delta = Math.abs(onlyA - onlyB) / n;
  const needed = Math.ceil((Z * Math.sqrt(psi) + ZB * Math.sqrt(psi - delta * delta)) ** 2 / delta ** 2);
  expect(needed).toBeGreaterThan(n);
  expect(r.out).toContain(`verdict: too few questions to tell`);
  expect(r.out).toContain(`needs about ${needed} questions`);
});
