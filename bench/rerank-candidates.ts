// The bench's reranking workload, shared by the Node and the Chromium bench: the English sample cut
// with the recursive chunker at 96 tokens, and for each of the first `n` questions its BM25 top 100
// indexed texts (padded with the corpus in order where BM25 returns fewer).
import { join } from 'node:path';
import { loadDataset } from '../src/node/files.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { parseDataset, indexText } from '../src/engine/evaluation/experiment.ts';
import { chunkCorpus } from '../src/engine/chunkers/index.ts';
import { Bm25Retriever } from '../src/engine/retrieval/bm25.ts';

export async function rerankCandidates(root: string, n: number): Promise<{ query: string; passages: string[] }[]> {
  const ds = await loadDataset(join(root, 'public/samples/en'));
  const docs = parseDataset(ds);
  const tokenizer = await loadDefaultTokenizer();
  const chunks = await chunkCorpus([...docs.values()], 'recursive', { maxTokens: 96 }, { tokenizer });
  const texts = new Map(chunks.map((c) => [c.id, indexText(c, docs.get(c.docId)!)]));
  const bm25 = new Bm25Retriever({ stopwords: 'none' });
  await bm25.index(chunks.map((c) => ({ id: c.id, docId: c.docId, text: texts.get(c.id)! })));
  const all = chunks.map((c) => c.id);
  return Promise.all(
    ds.questions.slice(0, n).map(async (q) => {
      const ids = (await bm25.search(q.text, 100)).map((h) => h.id);
      for (const id of all) if (ids.length < 100 && !ids.includes(id)) ids.push(id);
      return { query: q.text, passages: ids.map((id) => texts.get(id)!) };
    }),
  );
}
