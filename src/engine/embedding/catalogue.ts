// The catalogue of embedding models ChunkLab offers by name, and a describer for any other Hub id a
// user types (from the model's config.json). Numbers were checked against each model's own files;
// the sources are named next to each entry. Download sizes are the ONNX weight files transformers.js
// fetches for each dtype (tokenizer files add about 0.7 MB for WordPiece, 17 MB for XLM-R's).

import { InputError } from '../types.ts';
import type { Pooling } from './pooling.ts';

/** transformers.js dtype names and the ONNX file each loads: fp32 model.onnx, fp16 model_fp16.onnx, q8 model_quantized.onnx. */
export type ModelDtype = 'fp32' | 'fp16' | 'q8';

export const DTYPE_FILES: Record<ModelDtype, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
};

export interface ModelInfo {
  /** Hugging Face Hub id that transformers.js loads (an ONNX export). */
  id: string;
  /** The model it was exported from. */
  upstream?: string;
  label: string;
  /** Length of the output vector (the model's hidden size). */
  dimensions: number;
  /**
   * Input limit in tokens, special tokens included: longer inputs are truncated (and flagged).
   * For sentence-transformers models this is their configured max_seq_length, which can be lower
   * than the position table (`maxPositions`): beyond it the model was never trained or used.
   */
  maxTokens: number;
  /** Size of the position table: the most tokens the network accepts at all. */
  maxPositions: number;
  pooling: Pooling;
  /** Text put before the input; e5 models were trained with "query: " / "passage: ". */
  prefixes: { query: string; passage: string };
  /** BCP-47 codes of the languages it is meant for; 'multilingual' when trained on ~50-100 languages. */
  languages: string[];
  tokenizer: 'wordpiece' | 'sentencepiece' | 'bpe' | 'unknown';
  /** Approximate download size in MB of the ONNX file per dtype (absent: not published). */
  downloadMB: Partial<Record<ModelDtype, number>>;
  license?: string;
  /** One line a user reads when choosing. */
  /** One line on when to choose it, in both languages (the page picks the current one). */
  note: { pt: string; en: string };
  /** Good for late chunking: a long input limit so a whole document fits in one pass. */
  longContext?: boolean;
  /** Fields guessed by describeCustomModel (the UI should say so). */
  guessed?: (keyof ModelInfo)[];
}

export const CATALOGUE: readonly ModelInfo[] = [
  {
    // config.json of Xenova/multilingual-e5-small (and intfloat/multilingual-e5-small): BertModel,
    // hidden_size 384, 12 layers, max_position_embeddings 512, vocab 250037 (XLM-R SentencePiece).
    // onnx/ listing: model.onnx 470 MB, model_fp16.onnx 235 MB, model_quantized.onnx 118 MB.
    // Model card: inputs must start with "query: " / "passage: "; average (mean) pooling.
    id: 'Xenova/multilingual-e5-small',
    upstream: 'intfloat/multilingual-e5-small',
    label: 'multilingual-e5-small',
    dimensions: 384,
    maxTokens: 512,
    maxPositions: 512,
    pooling: 'mean',
    prefixes: { query: 'query: ', passage: 'passage: ' },
    languages: ['multilingual', 'pt', 'en'],
    tokenizer: 'sentencepiece',
    downloadMB: { fp32: 470, fp16: 235, q8: 118 },
    license: 'MIT',
    note: { pt: 'Padrão para português: ~100 idiomas, entradas de 512 tokens, precisa dos prefixos query:/passage:.', en: 'Default for Portuguese: ~100 languages, 512-token inputs, needs the query:/passage: prefixes.' },
  },
  {
    // config.json of sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2: BertModel,
    // hidden_size 384, 12 layers, max_position_embeddings 512, vocab 250037; its
    // sentence_bert_config.json sets max_seq_length 128. onnx/ listing of the Xenova export:
    // model.onnx 470 MB, model_fp16.onnx 235 MB, model_quantized.onnx 118 MB. Mean pooling.
    id: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2',
    upstream: 'sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2',
    label: 'paraphrase-multilingual-MiniLM-L12-v2',
    dimensions: 384,
    maxTokens: 128,
    maxPositions: 512,
    pooling: 'mean',
    prefixes: { query: '', passage: '' },
    languages: ['multilingual', 'pt', 'en'],
    tokenizer: 'sentencepiece',
    downloadMB: { fp32: 470, fp16: 235, q8: 118 },
    license: 'Apache-2.0',
    note: { pt: 'Modelo multilíngue de paráfrases (50+ idiomas); treinado em textos curtos, entradas cortadas em 128 tokens.', en: 'Multilingual paraphrase model (50+ languages); trained on short texts, inputs cut at 128 tokens.' },
  },
  {
    // config.json of Xenova/all-MiniLM-L6-v2 (= public/tokenizers/all-MiniLM-L6-v2/config.json):
    // BertModel, hidden_size 384, 6 layers, max_position_embeddings 512, vocab 30522 (WordPiece,
    // uncased); sentence_bert_config.json of sentence-transformers/all-MiniLM-L6-v2: max_seq_length
    // 256. onnx/ listing: model.onnx 90.4 MB, model_fp16.onnx 45.3 MB, model_quantized.onnx 23 MB.
    id: 'Xenova/all-MiniLM-L6-v2',
    upstream: 'sentence-transformers/all-MiniLM-L6-v2',
    label: 'all-MiniLM-L6-v2',
    dimensions: 384,
    maxTokens: 256,
    maxPositions: 512,
    pooling: 'mean',
    prefixes: { query: '', passage: '' },
    languages: ['en'],
    tokenizer: 'wordpiece',
    downloadMB: { fp32: 90.4, fp16: 45.3, q8: 23 },
    license: 'Apache-2.0',
    note: { pt: 'Modelo inglês pequeno e rápido; o tokenizador dele é o que vem com o ChunkLab. Entradas cortadas em 256 tokens.', en: 'Small and fast English model; its tokenizer is the bundled one. Inputs cut at 256 tokens.' },
  },
  {
    // config.json of Xenova/jina-embeddings-v2-small-en: JinaBert, hidden_size 512, 4 layers,
    // max_position_embeddings 8192 (ALiBi), vocab 30528, emb_pooler "mean". onnx/ listing:
    // model.onnx 130 MB, model_fp16.onnx 65 MB, model_quantized.onnx 32.8 MB. The late chunking
    // paper (Günther et al., 2024) uses the jina-embeddings-v2 family.
    id: 'Xenova/jina-embeddings-v2-small-en',
    upstream: 'jinaai/jina-embeddings-v2-small-en',
    label: 'jina-embeddings-v2-small-en',
    dimensions: 512,
    maxTokens: 8192,
    maxPositions: 8192,
    pooling: 'mean',
    prefixes: { query: '', passage: '' },
    languages: ['en'],
    tokenizer: 'wordpiece',
    downloadMB: { fp32: 130, fp16: 65, q8: 32.8 },
    license: 'Apache-2.0',
    note: { pt: 'Inglês, entradas de 8.192 tokens: o modelo para late chunking de documentos inteiros.', en: 'English, 8,192-token inputs: the model for late chunking of whole documents.' },
    longContext: true,
  },
];

/** The model used when the user picks none, per interface language. */
export const DEFAULT_MODEL: Record<'pt' | 'en', string> = {
  pt: 'Xenova/multilingual-e5-small',
  en: 'Xenova/multilingual-e5-small',
};

/** The catalogue entry for a Hub id (or its upstream id), case-insensitive; undefined if unknown. */
export function findModel(id: string): ModelInfo | undefined {
  const k = id.trim().toLowerCase();
  return CATALOGUE.find((m) => m.id.toLowerCase() === k || m.upstream?.toLowerCase() === k);
}

/** The fields of a Hugging Face config.json that describeCustomModel reads. */
export interface HubModelConfig {
  _name_or_path?: string;
  model_type?: string;
  hidden_size?: number;
  d_model?: number;
  dim?: number;
  max_position_embeddings?: number;
  model_max_length?: number;
  pad_token_id?: number;
  [key: string]: unknown;
}

/**
 * Describes a model that is not in the catalogue from its config.json (and tokenizer_config.json's
 * model_max_length, when given). Dimensions and the input limit come from the files; pooling and
 * prefixes are guessed from the id's family (e5, bge, gte, nomic) and listed in `guessed`.
 */
export function describeCustomModel(
  config: HubModelConfig,
  id = config._name_or_path ?? 'custom-model',
  tokenizerConfig?: { model_max_length?: number },
): ModelInfo {
  const known = findModel(id);
  if (known) return known;
  if (config === null || typeof config !== 'object') {
    throw new InputError('config.json is not a JSON object', id);
  }
  const dims = firstPositiveInt(config.hidden_size, config.d_model, config.dim);
  if (dims === undefined) {
    throw new InputError('config.json has no hidden_size (or d_model/dim): cannot tell the vector size', id);
  }
  // RoBERTa-style models (xlm-roberta, camembert) reserve pad_token_id + 1 positions: 514 → 512 tokens.
  let positions = firstPositiveInt(config.max_position_embeddings) ?? 512;
  const type = String(config.model_type ?? '').toLowerCase();
  if (/roberta|camembert/.test(type) && positions > 2 && positions % 2 === 0 && positions % 64 === 2) positions -= 2;
  const tokLimit = firstPositiveInt(tokenizerConfig?.model_max_length, config.model_max_length);
  const maxTokens = tokLimit !== undefined && tokLimit < positions ? tokLimit : positions;

  const lid = id.toLowerCase();
  const guessed: (keyof ModelInfo)[] = ['pooling', 'prefixes', 'languages'];
  let pooling: Pooling = 'mean';
  let prefixes = { query: '', passage: '' };
  if (/(^|[/-])e5-|multilingual-e5/.test(lid)) prefixes = { query: 'query: ', passage: 'passage: ' };
  else if (/bge-/.test(lid)) {
    pooling = 'cls';
    if (!/bge-m3/.test(lid) && /-en|bge-(small|base|large)-v1\.5$/.test(lid)) {
      prefixes = { query: 'Represent this sentence for searching relevant passages: ', passage: '' };
    }
  } else if (/nomic-embed/.test(lid)) prefixes = { query: 'search_query: ', passage: 'search_document: ' };
  const multilingual = /multilingual|xlm|bge-m3|labse|-m3\b|mling/.test(lid) || /xlm/.test(type);
  const tokenizer: ModelInfo['tokenizer'] = /xlm|camembert|t5|mt5/.test(type)
    ? 'sentencepiece'
    : type === 'bert' || type === 'distilbert'
      ? 'wordpiece'
      : /roberta|gpt|bart|mpnet/.test(type)
        ? 'bpe'
        : 'unknown';
  return {
    id,
    label: id.includes('/') ? id.slice(id.indexOf('/') + 1) : id,
    dimensions: dims,
    maxTokens,
    maxPositions: positions,
    pooling,
    prefixes,
    languages: multilingual ? ['multilingual'] : ['en'],
    tokenizer,
    downloadMB: {},
    note: { pt: 'Modelo próprio: pooling e prefixos deduzidos do nome; confira o model card dele.', en: 'Custom model: pooling and prefixes are guessed from its name; check its model card.' },
    longContext: maxTokens >= 2048 || undefined,
    guessed,
  };
}

function firstPositiveInt(...xs: unknown[]): number | undefined {
  for (const x of xs) {
    // tokenizer_config.json uses 1e30 for "no limit": ignore absurd values.
    if (typeof x === 'number' && Number.isInteger(x) && x > 0 && x < 1e7) return x;
  }
  return undefined;
}
