import { readFileSync } from 'node:fs';
import { parseDocument } from './src/engine/documents/index.ts';
import { chunkDocument } from './src/engine/chunkers/index.ts';
import { createTiktokenTokenizer } from './src/engine/tokens/index.ts';
const tk = await createTiktokenTokenizer('cl100k_base');
for (const f of ['state_of_the_union', 'wikitexts', 'pubmed', 'finance']) {
  const text = readFileSync(`/tmp/chroma-general/corpora/${f}.md`, 'utf8');
  const doc = parseDocument({ id: f, text, name: `${f}.md` });
  const t0 = Date.now();
  try { const cs = await chunkDocument(doc, 'llamaindex-sentence', { maxTokens: 200, overlap: 0 }, { tokenizer: tk }); console.log(f, cs.length, (Date.now() - t0) / 1000); }
  catch (e) { console.log(f, 'ERR', (e as Error).message, (Date.now() - t0) / 1000); }
}
