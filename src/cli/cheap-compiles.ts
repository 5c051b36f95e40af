// V8's settings for `chunk`, shared by src/cli/main.ts and the code-cache start (src/cli/code-cache.ts),
// which must set them before it compiles the CLI: V8 accepts a code cache only under the flags it
// was made with.
import { setFlagsFromString } from 'node:v8';

/**
 * `chunk` is a short batch process in which V8's optimizing compiler is a large share of the CPU:
 * the tokenizer's scan and the Markdown parsing are compiled with everything they call inlined
 * (tens of ms each, several times after deoptimizations), for one pass over the text. Without
 * inlining they compile far faster and run about as fast; measured on the bench's 1.4 MB corpus,
 * about 10% less CPU for the whole command. Set before the command's modules load, so every
 * compilation sees it; the output does not depend on it. CHUNKLAB_V8_DEFAULTS=1 keeps V8's defaults.
 */
export function preferCheapCompiles(): void {
  if (process.env.CHUNKLAB_V8_DEFAULTS) return;
  setFlagsFromString('--no-turbo-inlining');
}
