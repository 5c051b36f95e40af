// Stand-in for @mastra/core (a peer of @mastra/rag): the names @mastra/rag's bundle imports from it,
// none of which its text splitters use. Calling one says so. See stand-ins/README.md.
const absent = (name) =>
  function () {
    throw new Error(`@mastra/core is not installed in ChunkLab (only @mastra/rag's text splitters are used): ${name}`);
  };
// Read only inside tracing calls, which run only when a caller passes a tracing context.
export const SpanType = Object.freeze({});
export const createObservabilityContext = absent('createObservabilityContext');
export const Agent = absent('Agent');
export const isSupportedLanguageModel = absent('isSupportedLanguageModel');
export const createSimilarityPrompt = absent('createSimilarityPrompt');
export const createTool = absent('createTool');
export const embedV1 = absent('embedV1');
export const embedV2 = absent('embedV2');
export const embedV3 = absent('embedV3');
