// Stand-in for @aws-sdk/client-bedrock-agent-runtime (a dependency of @mastra/rag for its Bedrock
// knowledge-base tool, which ChunkLab never creates). See stand-ins/README.md.
const absent = (name) =>
  function () {
    throw new Error(`@aws-sdk/client-bedrock-agent-runtime is not installed in ChunkLab: ${name}`);
  };
export const AgenticRetrieveStreamCommand = absent('AgenticRetrieveStreamCommand');
export const BedrockAgentRuntimeClient = absent('BedrockAgentRuntimeClient');
export const RetrieveCommand = absent('RetrieveCommand');
