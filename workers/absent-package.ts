// Stands in, in the page's build (vite.config.ts resolve.alias), for optional packages that
// @chonkiejs/core imports lazily inside try/catch and that ChunkLab never uses: @chonkiejs/token
// (tokenizers by name; the chonkie-recursive baseline passes its own tokenizer) and
// @kreuzberg/tree-sitter-language-pack (chonkie's CodeChunker). Importing it fails, as a missing
// package would, and chonkie reports what is missing; Vite refuses an import it cannot resolve at all.
throw new Error('this optional package is not part of ChunkLab');
