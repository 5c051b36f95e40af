// The special token ids an embedder needs ([CLS]/<s> first, [SEP]/</s> last, padding), read from a
// Hugging Face tokenizer.json and tokenizer_config.json. Pure data reading: the browser worker and
// the CLI both call it on the files of a model folder.

import { InputError } from '../types.ts';

export interface SpecialTokens {
  clsId: number;
  sepId: number;
  padId: number;
}

function tokenId(tok: any, name: unknown, fallbacks: string[]): number | undefined {
  const wanted = [typeof name === 'string' ? name : (name as { content?: unknown } | undefined)?.content, ...fallbacks].filter(
    (x): x is string => typeof x === 'string',
  );
  for (const w of wanted) {
    const added = Array.isArray(tok?.added_tokens) ? tok.added_tokens.find((t: any) => t?.content === w) : undefined;
    if (added && Number.isInteger(added.id)) return added.id;
    const v = tok?.model?.vocab;
    if (v && typeof v === 'object' && !Array.isArray(v) && Number.isInteger(v[w])) return v[w];
  }
  return undefined;
}

/**
 * Ids of the first/last/padding tokens. `where` names the model in error messages.
 * Throws an InputError when the tokenizer has neither [CLS]/[SEP] nor <s>/</s>.
 */
export function specialTokens(tokenizerJson: unknown, tokenizerConfig: unknown, modelConfig: unknown, where: string): SpecialTokens {
  const tok = tokenizerJson as any;
  const tc = (tokenizerConfig ?? {}) as any;
  const mc = (modelConfig ?? {}) as any;
  const clsId = tokenId(tok, tc.cls_token ?? tc.bos_token, ['[CLS]', '<s>']);
  const sepId = tokenId(tok, tc.sep_token ?? tc.eos_token, ['[SEP]', '</s>']);
  if (clsId === undefined || sepId === undefined) throw new InputError('tokenizer.json has no [CLS]/[SEP] (or <s>/</s>) token', where);
  const padId = tokenId(tok, tc.pad_token, ['[PAD]', '<pad>']) ?? (Number.isInteger(mc.pad_token_id) ? mc.pad_token_id : 0);
  return { clsId, sepId, padId };
}
