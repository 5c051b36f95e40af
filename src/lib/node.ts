// 'chunklab/node': the Node-only helpers of the library — tokenizer folders and datasets read from
// disk, exactly as the CLI reads them: both use src/node/ (the CLI's other Node helpers, the
// onnxruntime-node model runner among them, live there too). This file only chooses what is public.
// (The browser loads tokenizers with loadTokenizerFromUrl.)
export { loadTokenizerDir, loadDefaultTokenizer, DEFAULT_TOKENIZER_DIR } from '../node/tokenizer-folder.ts';
export { loadDataset } from '../node/files.ts';
