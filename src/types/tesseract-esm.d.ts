// tesseract.js's prebuilt ES module (the page's OCR imports it in the engine worker: workers/ocr.ts);
// the package declares types for its CommonJS entry only. Typed where it is used.
declare module 'tesseract.js/dist/tesseract.esm.min.js';
