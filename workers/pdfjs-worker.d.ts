// pdf.js's worker module has no type declarations; it is imported only for its side effect
// (it sets globalThis.pdfjsWorker, see document-readers.ts).
declare module 'pdfjs-dist/build/pdf.worker.mjs';
