// Small helpers every folder may use, importing nothing but each other: fast string hashes for cache
// keys and fingerprints, a seeded random generator, and code point ↔ UTF-16 offsets (files count code points).
export { hash64, fnv1a32 } from './hash.ts';
export { rng, seededRandom } from './random.ts';
export { offsetMap, hasAstral } from './codepoints.ts';
export type { OffsetMap } from './codepoints.ts';
export { quantileOfSorted } from './quantile.ts';
export { trimLineEnds, trimCodeBlock, trimBlanksEnd } from './whitespace.ts';
