// Stand-in for zeroentropy (a dependency of @mastra/rag for its ZeroEntropy reranker, which ChunkLab
// never creates). See stand-ins/README.md.
export default function ZeroEntropy() {
  throw new Error('zeroentropy is not installed in ChunkLab');
}
