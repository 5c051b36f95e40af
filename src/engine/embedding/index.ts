// The embedding module's public API: catalogue, pooling, embedder, late chunking, caches,
// cross-encoders (rerankers) and their catalogue, the lexical stand-in, WASM threads and the WebGPU
// check. The page's embedding lessons (dilution, naive vs late) live in src/app/lessons.
export * from './runner.ts';
export * from './catalogue.ts';
export * from './pooling.ts';
export * from './cache.ts';
export * from './embedder.ts';
export * from './late.ts';
export * from './late-corpus.ts';
export * from './special-tokens.ts';
export * from './loaded-model.ts';
export * from './record.ts';
export * from './cross-encoder.ts';
export * from './reranker-catalogue.ts';
export * from './lexical.ts';
export * from './threads.ts';
export * from './device-check.ts';
