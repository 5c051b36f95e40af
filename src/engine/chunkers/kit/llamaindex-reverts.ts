// Why LlamaIndex's SentenceSplitter took minutes on a long document, and the fix, which keeps its
// chunks exactly. Its sentence tokenizer (natural's SentenceTokenizer, bundled in
// @llamaindex/core/node-parser) hides abbreviations, URIs, numbers and sentence ends behind numbered
// placeholders ("{{NUMBER_12}}"), splits, then puts every placeholder back in every sentence by
// building one RegExp per placeholder and running it over the sentence: sentences × placeholders
// RegExps, quadratic in a paragraph's length. Chroma's 738 KB finance corpus has no blank-line
// paragraph breaks SentenceSplitter splits on first ("\n\n\n"), so the whole text went through it at
// once: over 8 minutes, ~14 s for the 49 KB State of the Union (profile: revertDelimiters,
// revertReplacements and escapeRegExp).
//
// The fix puts the placeholders back in one pass (one regular expression over the sentence, each
// match looked up in the map), on the tokenizer instance of our own splitter only. It gives the same
// text as the library's loop because, in the library, a placeholder's replacement only ever holds
// placeholders created before it (already put back, so left as they are by both), and a pass never
// sees text it inserted. Where that reasoning could fail the library's own loop runs: when the text
// handed to the tokenizer already looks like a placeholder (it has "{{", or "{NUMBER_" …), or a
// replacement holds "$" (String.replace would read "$&" and the like as patterns).
//
// The tokenizer is private to the splitter (created in its constructor, reached by no property), so
// it is found when it first writes `delimiterMap` (the one field its constructor does not set): for
// the length of one splitText call, Object.prototype carries a setter of that name, which takes the
// instance, installs the one-pass methods on it, and removes itself at once.

const PLACEHOLDER = /\{\{(?:NUMBER|DELIM|URI|ABBREV)_\d+\}\}/g;
const LOOKS_LIKE_ONE = /\{\{|\{(?:NUMBER|DELIM|URI|ABBREV)_|(?:NUMBER|DELIM|URI|ABBREV)_\d+\}/;
const FIELD = 'delimiterMap';

interface SentenceTokenizerLike {
  replacementMap: Map<string, string>;
  delimiterMap: Map<string, string>;
  replaceAbbreviations(text: string): string;
  revertReplacements(text: string): string;
  revertDelimiters(text: string): string;
}

function isSentenceTokenizer(x: unknown): x is SentenceTokenizerLike {
  const t = x as Partial<SentenceTokenizerLike> | null;
  return !!t && typeof t.replaceAbbreviations === 'function' && typeof t.revertReplacements === 'function' && typeof t.revertDelimiters === 'function';
}

/** Counts of which path each revert took (for tests). */
export interface RevertCounts {
  onePass: number;
  library: number;
}

/** Puts the one-pass reverts on one tokenizer instance (its prototype, shared with every other splitter, is untouched). */
function install(tok: SentenceTokenizerLike, counts: RevertCounts): void {
  const proto = Object.getPrototypeOf(tok) as SentenceTokenizerLike;
  // Whether this call's input may take the one pass: replaceAbbreviations is the first thing
  // tokenize does with its input, every call.
  let exact = false;
  tok.replaceAbbreviations = function (this: SentenceTokenizerLike, text: string) {
    exact = typeof text === 'string' && !LOOKS_LIKE_ONE.test(text);
    return proto.replaceAbbreviations.call(this, text);
  };
  const noDollar = new WeakMap<Map<string, string>, boolean>();
  const usable = (map: Map<string, string>): boolean => {
    let ok = noDollar.get(map);
    if (ok === undefined) {
      ok = true;
      for (const v of map.values()) if (typeof v !== 'string' || v.includes('$')) ok = false;
      noDollar.set(map, ok);
    }
    return ok;
  };
  const onePass = (text: string, map: Map<string, string>) => text.replace(PLACEHOLDER, (m) => map.get(m) ?? m);
  tok.revertReplacements = function (this: SentenceTokenizerLike, text: string) {
    if (exact && typeof text === 'string' && usable(this.replacementMap)) {
      counts.onePass++;
      return onePass(text, this.replacementMap);
    }
    counts.library++;
    return proto.revertReplacements.call(this, text);
  };
  tok.revertDelimiters = function (this: SentenceTokenizerLike, text: string) {
    if (exact && typeof text === 'string' && usable(this.delimiterMap)) {
      counts.onePass++;
      return onePass(text, this.delimiterMap);
    }
    counts.library++;
    return proto.revertDelimiters.call(this, text);
  };
}

/**
 * Runs `split` (one SentenceSplitter.splitText call on a splitter made for it) with the one-pass
 * reverts on that splitter's sentence tokenizer. Where Object.prototype already has the field (it
 * never should), nothing is installed and the library runs as it is.
 */
export function withOnePassReverts<T>(split: () => T, counts: RevertCounts = { onePass: 0, library: 0 }): T {
  const proto = Object.prototype as Record<string, unknown>;
  if (Object.getOwnPropertyDescriptor(proto, FIELD)) return split();
  const remove = () => {
    if (Object.getOwnPropertyDescriptor(proto, FIELD)?.set === trap) delete proto[FIELD];
  };
  function trap(this: unknown, value: unknown): void {
    remove();
    Object.defineProperty(this, FIELD, { value, writable: true, configurable: true, enumerable: true });
    if (isSentenceTokenizer(this)) install(this, counts);
  }
  Object.defineProperty(proto, FIELD, { configurable: true, enumerable: false, get: () => undefined, set: trap });
  try {
    return split();
  } finally {
    remove();
  }
}
