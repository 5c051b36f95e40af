// 'chunklab/node': the Node-only helpers of the library — tokenizer folders and datasets read from
// disk, exactly as the CLI reads them. (The browser loads tokenizers with loadTokenizerFromUrl.)
export { loadTokenizerDir, loadDefaultTokenizer, DEFAULT_TOKENIZER_DIR } from '../cli/load-tokenizer.ts';
export { loadDataset } from '../cli/dataset.ts';
