// Chunk spans of every chunker on the built-in samples (public/samples/pt-BR and en) at a few caps, with
// the context header off and on, as one hash per (corpus, chunker, cap, header, document). The fixture
// spans-before.json was computed with the code before the chunker kit refactor; kit.test.ts compares.
// Regenerate (only when a change of output is intended and explained): npx tsx tests/engine/chunkers/snapshot.ts

import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import type { Chunk, Doc } from '../../../src/engine/types.ts';
import { fakeEmbed } from './fake-embed.ts';

export const SNAPSHOT_CHUNKERS = ['fixed', 'recursive', 'sentences', 'structure', 'semantic', 'small-to-big', 'sentence-window'] as const;
export const SNAPSHOT_CAPS = [48, 128, 384];
export const SNAPSHOT_FILE = fileURLToPath(new URL('./fixtures/spans-before.json', import.meta.url));

export async function sampleDocs(): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const lang of ['pt-BR', 'en']) {
    const ds = await loadDataset(fileURLToPath(new URL(`../../../public/samples/${lang}`, import.meta.url)));
    out[lang] = ds.documents.map((d) => parseDocument(d));
  }
  return out;
}

/** What a chunk is, in one line: spans, prefix, count, path, return range, parent, flags. */
export function chunkLine(c: Chunk): string {
  return JSON.stringify([c.id, c.start, c.end, c.prefix, c.tokens, c.headingPath, c.returnStart ?? null, c.returnEnd ?? null, c.returnTokens ?? null, c.parentId ?? null, c.flags]);
}

export function hashChunks(chunks: Chunk[]): string {
  return createHash('sha256').update(chunks.map(chunkLine).join('\n')).digest('hex').slice(0, 20);
}

/** Extra parameter sets per chunker besides the defaults (overlap, and each chunker's own options). */
const VARIANTS: Record<string, Record<string, unknown>[]> = {
  fixed: [{}, { overlap: 8 }],
  recursive: [{}, { overlap: 8 }, { separators: 'markdown' }],
  sentences: [{}, { overlap: 8 }],
  structure: [{}, { overlap: 8 }, { merge: false }, { level: 1 }],
  semantic: [{ minTokens: 16 }, { minTokens: 16, threshold: 0.5 }],
  'small-to-big': [{}, { parent: 'window', parentTokens: 400 }],
  'sentence-window': [{}, { window: 1 }],
};

/** key "corpus|chunker|cap|header|variant|docId" → hash. */
export async function computeSnapshot(): Promise<Record<string, string>> {
  const tokenizer = await loadDefaultTokenizer();
  const docs = await sampleDocs();
  const out: Record<string, string> = {};
  for (const [corpus, list] of Object.entries(docs)) {
    for (const id of SNAPSHOT_CHUNKERS) {
      for (const cap of SNAPSHOT_CAPS) {
        for (const header of [false, true]) {
          for (const variant of VARIANTS[id]) {
            for (const doc of list) {
              const chunks = await chunkDocument(doc, id, { maxTokens: cap, header, ...variant }, { tokenizer, embed: fakeEmbed });
              out[`${corpus}|${id}|${cap}|${header}|${JSON.stringify(variant)}|${doc.id}`] = hashChunks(chunks);
            }
          }
        }
      }
    }
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const snap = await computeSnapshot();
  writeFileSync(SNAPSHOT_FILE, JSON.stringify(snap, null, 0).replace(/,"/g, ',\n"') + '\n');
  console.log(`${Object.keys(snap).length} entries written to ${SNAPSHOT_FILE}`);
}
