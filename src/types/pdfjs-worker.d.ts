// pdf.js's worker module has no type declarations; it is imported only for its side effect
// (it sets globalThis.pdfjsWorker, see workers/document-readers.ts and src/node/document-readers.ts).
declare module 'pdfjs-dist/build/pdf.worker.mjs';
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
