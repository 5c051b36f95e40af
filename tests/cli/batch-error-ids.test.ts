// batch's errors.jsonl names a folder's file that could not be chunked by its document id, as
// chunks.jsonl names the ones that could (the file name without its extension), with the file's
// path beside it; the manifest's last id follows the same rule, so a rerun resumes (nothing to do).
import { expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE, cli, readJsonl } from './batch-corpus.ts';

test('a failed file is recorded under its document id, with its path; a rerun finds it committed', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-ids-'));
  const docs = join(tmp, 'docs');
  mkdirSync(join(docs, 'sub'), { recursive: true });
  writeFileSync(join(docs, 'guia.md'), '# Guia\n\nPrimeiro documento, com duas frases. Esta é a segunda.\n');
  writeFileSync(join(docs, 'notas.txt'), 'Notas soltas sobre o reembolso.\n');
  writeFileSync(join(docs, 'sub', 'manual.pdf'), 'isto não é um PDF');
  const recipe = join(tmp, 'recipe.json');
  writeFileSync(recipe, JSON.stringify(RECIPE));
  const out = join(tmp, 'out');
  const r = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '1', '--jsonl']);
  expect(r.status, r.stderr).toBe(0);

  // The rule, computed here: a path's last part without its extension.
  const idOf = (path: string) => path.split('/').pop()!.replace(/\.[^.]+$/, '');
  const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
  expect([...new Set(rows.map((x) => x.docId))]).toEqual(['guia.md', 'notas.txt'].map(idOf));
  const errors = readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8'));
  expect(errors.map((e) => [e.id, e.path])).toEqual([[idOf('sub/manual.pdf'), 'sub/manual.pdf']]);
  expect(String(errors[0].error)).toMatch(/manual\.pdf/);

  const manifest = readJsonl(readFileSync(join(out, 'manifest.jsonl'), 'utf8'));
  expect(manifest.filter((l) => 'part' in l).at(-1)?.lastId).toBe('manual');
  const again = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '1', '--jsonl']);
  expect(again.status, again.stderr).toBe(0);
  expect(again.stderr).toMatch(/chunked already/);
});

test('one document is counted in the singular in every summary line, the resumed one included', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-one-'));
  const docs = join(tmp, 'docs');
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'guia.md'), '# Guia\n\nUm documento só, com duas frases. Esta é a segunda.\n');
  const recipe = join(tmp, 'recipe.json');
  writeFileSync(recipe, JSON.stringify(RECIPE));
  const out = join(tmp, 'out');
  const r = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '1']);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/batch +1 document, [\d.]+ kB in /);
  expect(r.stderr).toMatch(/1 document → 1 chunk in 1 Parquet part; 0 documents with errors/);
  expect(r.stderr).not.toMatch(/(^|[^/\d])1 (documents|chunks|parts)\b/m);
  const again = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '1']);
  expect(again.stderr).toMatch(/chunked already \(1 document, 1 chunk\)/);
});
