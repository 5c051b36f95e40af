// Takes the place of `js-tiktoken` (the package's main entry, not its subpaths) in the page's build
// (vite.config.ts resolve.alias). LlamaIndex's default tokenizer (@llamaindex/env/tokenizers, loaded
// with the llamaindex-sentence baseline) imports `getEncoding` from the main entry, which carries the
// merge ranks of every OpenAI encoding in one 5.6 MB file; Vite builds the page and each worker as
// separate graphs, so that file was emitted three times (17 MB of a 56 MB build). LlamaIndex only
// ever asks for cl100k_base (and ChunkLab passes its own tokenizer anyway), so this module is the same
// library's `lite` entry with the cl100k_base ranks: the very module ChunkLab's tokenizer loads
// (src/engine/tokens/tiktoken.ts). It is imported dynamically here too, as there: a module only ever
// imported dynamically is emitted as the same bytes in every graph, hence one file for all of them (a
// static import gives each graph its own wrapped copy, 1 MB each). Node (CLI, tests) uses the package
// as is.
import { Tiktoken, getEncodingNameForModel } from 'js-tiktoken/lite';

const cl100kBase = (await import('js-tiktoken/ranks/cl100k_base')).default;

export { Tiktoken, getEncodingNameForModel };

export function getEncoding(encoding: string, extendSpecialTokens?: Record<string, number>): Tiktoken {
  if (encoding !== 'cl100k_base') {
    throw new Error(`js-tiktoken in this page carries only cl100k_base, not ${encoding} (workers/js-tiktoken-cl100k.ts)`);
  }
  return new Tiktoken(cl100kBase, extendSpecialTokens);
}

export function encodingForModel(model: Parameters<typeof getEncodingNameForModel>[0], extendSpecialTokens?: Record<string, number>): Tiktoken {
  return getEncoding(getEncodingNameForModel(model), extendSpecialTokens);
}
