// Takes the place of Node's `node:crypto` in the page's build (vite.config.ts resolve.alias), where
// Vite would otherwise give an empty module. @mastra/rag (the Mastra baselines) names every text node
// it creates with `randomUUID()` from node:crypto: the browser's Web Crypto gives the same. Its
// `createHash` is used only for a node's content hash, which ChunkLab never reads; chonkie's unused
// API handshakes import it too. Calling it says so.
export function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}

export function createHash(algorithm: string): never {
  throw new Error(`node:crypto createHash(${algorithm}) is not available in the page (workers/node-crypto.ts)`);
}
