// The page's build as published: its size against the written budget (scripts/size-budget.json,
// `npm run size`), and the baseline chunkers — other libraries' code, bundled with the stand-ins the
// build puts in place of what they would load and ChunkLab never uses (vite.config.ts resolve.alias:
// js-tiktoken's every-encoding entry, absent optional packages) — giving, in the built engine worker,
// the very chunks they give in Node where nothing is replaced.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser, type Session } from './browser';
import { appUrl, distDir, driveEngineWorker } from './helpers';
import { measure } from '../../scripts/size.mjs';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { BASELINE_IDS, chunkDocument } from '../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../src/engine/documents/index.ts';

const tokenizer = await loadDefaultTokenizer();
const dataset = await loadDataset('public/samples/en');

let s: Session;
let callEngine: Awaited<ReturnType<typeof driveEngineWorker>>;
beforeAll(async () => {
  s = await openBrowser();
  await s.page.goto(appUrl());
  callEngine = await driveEngineWorker(s.page);
});
afterAll(async () => {
  await s?.close();
});

test('the build is within its size budget, and no script is over the budget for one file', () => {
  // The test build adds the random-weight test models (models/, left out here) and two test pages
  // (embed-page.html; models-page.html, 32 KB more, the page's models dialog split into a chunk the
  // two share); the published build has none of them.
  const m = measure(distDir(), { exclude: ['models'] });
  expect(m.over).toEqual([]);
  // What the budget is for: the bundle LlamaIndex's tokenizer pulled in (js-tiktoken's main entry,
  // every encoding's ranks in one 5.6 MB file) is not in any graph.
  const files = m.files.filter((f) => f.path.endsWith('.js'));
  expect(files.every((f) => f.bytes < 3 * 1024 * 1024)).toBe(true);
  // cl100k_base's ranks are emitted once, shared by the page and every worker.
  expect(files.filter((f) => /\/cl100k_base-[^/]+\.js$/.test(f.path))).toHaveLength(1);
});

test.each(BASELINE_IDS)('the %s baseline gives in the built worker the chunks it gives in Node', async (id) => {
  for (const d of dataset.documents.slice(0, 3)) {
    const params = { maxTokens: 128, overlap: 16 };
    const r = await callEngine<{ chunks: unknown[] }>('inspect', d, id, params, { modelMaxTokens: 256, minTokens: 16 });
    const chunks = await chunkDocument(parseDocument(d), id, params, { tokenizer });
    expect(chunks.length).toBeGreaterThan(1);
    // The inspector's chunks carry its lint flags (tests/browser/worker.test.ts checks those).
    const unflagged = (xs: unknown[]) => xs.map((c) => ({ ...(c as object), flags: undefined }));
    expect(unflagged(r.chunks)).toEqual(unflagged(JSON.parse(JSON.stringify(chunks))));
  }
});
