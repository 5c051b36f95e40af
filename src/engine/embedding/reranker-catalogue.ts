// The cross-encoders (rerankers) ChunkLab offers by name. Each is an ONNX export transformers.js
// loads with AutoModelForSequenceClassification (pair input through the tokenizer's text_pair).
// Sizes are the ONNX files of each repository's onnx/ folder as the Hub lists them; licences are
// the model cards'. A folder from disk or any other Hub id works too (describeCustomModel reads its
// config.json); the catalogue only adds names, limits and notes.

import type { ModelDtype } from './catalogue.ts';

export interface RerankerInfo {
  /** Hugging Face Hub id that transformers.js loads. */
  id: string;
  /** The model it was exported from. */
  upstream?: string;
  label: string;
  /** Input limit of a pair in tokens, special tokens included. */
  maxTokens: number;
  languages: string[];
  tokenizer: 'wordpiece' | 'sentencepiece' | 'bpe';
  /** Approximate download size in MB of the ONNX file per dtype (absent: not checked). */
  downloadMB: Partial<Record<ModelDtype, number>>;
  license: string;
  /** One line a user reads when choosing. */
  /** One line on when to choose it, in both languages (the page picks the current one). */
  note: { pt: string; en: string };
}

export const RERANKERS: readonly RerankerInfo[] = [
  {
    // Xenova/ms-marco-MiniLM-L-6-v2 onnx/: model.onnx 91 MB, model_fp16.onnx 45.6 MB,
    // model_quantized.onnx 23.1 MB. Upstream cross-encoder/ms-marco-MiniLM-L-6-v2: BERT (6 layers,
    // 384 wide, WordPiece uncased), one label, 512 positions; licence Apache-2.0.
    id: 'Xenova/ms-marco-MiniLM-L-6-v2',
    upstream: 'cross-encoder/ms-marco-MiniLM-L-6-v2',
    label: 'ms-marco-MiniLM-L-6-v2',
    maxTokens: 512,
    languages: ['en'],
    tokenizer: 'wordpiece',
    downloadMB: { fp32: 91, fp16: 45.6, q8: 23.1 },
    license: 'Apache-2.0',
    note: { pt: 'Cross-encoder inglês do MS MARCO: pequeno e rápido, o primeiro reordenador a experimentar.', en: 'English MS MARCO cross-encoder: small and fast, the usual first reranker to try.' },
  },
  {
    // jinaai/jina-reranker-v1-tiny-en onnx/: model.onnx 132 MB, model_fp16.onnx 66.3 MB,
    // model_quantized.onnx 33.4 MB. config.json: JinaBert (4 layers, 384 wide, ALiBi), 8192
    // positions, BPE vocabulary of 61,056; the repository carries transformers.js example code.
    // Licence Apache-2.0.
    id: 'jinaai/jina-reranker-v1-tiny-en',
    label: 'jina-reranker-v1-tiny-en',
    maxTokens: 8192,
    languages: ['en'],
    tokenizer: 'bpe',
    downloadMB: { fp32: 132, fp16: 66.3, q8: 33.4 },
    license: 'Apache-2.0',
    note: { pt: 'Inglês, pares de 8.192 tokens: reordena chunks longos sem cortá-los.', en: 'English, 8,192-token pairs: reranks long chunks without cutting them.' },
  },
  {
    // jinaai/jina-reranker-v2-base-multilingual onnx/ (added with the transformers.js integration,
    // pull request #9): model.onnx 1.11 GB, model_fp16.onnx 557 MB, model_quantized.onnx 280 MB.
    // XLM-RoBERTa based, multilingual (Portuguese included), 1,024-token pairs per its model card.
    // Licence CC-BY-NC-4.0: research and evaluation only, not commercial use.
    id: 'jinaai/jina-reranker-v2-base-multilingual',
    label: 'jina-reranker-v2-base-multilingual',
    maxTokens: 1024,
    languages: ['multilingual', 'pt', 'en'],
    tokenizer: 'sentencepiece',
    downloadMB: { fp32: 1110, fp16: 557, q8: 280 },
    license: 'CC-BY-NC-4.0',
    note: { pt: 'Multilíngue (inclui português); licença não comercial. Prefira o arquivo quantizado (280 MB).', en: 'Multilingual (Portuguese included); non-commercial licence. Prefer the quantized file (280 MB).' },
  },
  {
    // onnx-community/bge-reranker-v2-m3-ONNX: the transformers.js export of BAAI/bge-reranker-v2-m3
    // (its README shows transformers.js usage). XLM-RoBERTa large-sized (568M parameters), 8k-token
    // pairs, multilingual; licence Apache-2.0. ONNX file sizes of this export were not checked
    // (fp32 weights of the model are about 2.27 GB).
    id: 'onnx-community/bge-reranker-v2-m3-ONNX',
    upstream: 'BAAI/bge-reranker-v2-m3',
    label: 'bge-reranker-v2-m3',
    maxTokens: 8192,
    languages: ['multilingual', 'pt', 'en'],
    tokenizer: 'sentencepiece',
    downloadMB: {},
    license: 'Apache-2.0',
    note: { pt: 'Multilíngue (inclui português), licença permissiva, mas grande: lento no navegador.', en: 'Multilingual (Portuguese included), permissive licence, but large: slow in a browser.' },
  },
];

/** The catalogue entry for a Hub id (or its upstream id), case-insensitive. */
export function findReranker(id: string): RerankerInfo | undefined {
  const k = id.trim().toLowerCase();
  return RERANKERS.find((m) => m.id.toLowerCase() === k || m.upstream?.toLowerCase() === k);
}
