// File formats: every reader is a pure function over strings that validates and throws InputError
// with file/line/question context. Every offset in a file counts Unicode code points.
export { MAX_INPUT_BYTES, UNSAFE_KEYS, checkSize, parseJson } from './limits.ts';
export type { ReadOptions } from './limits.ts';
export { readSquad, nearestOccurrence, PARAGRAPH_JOIN, UNANSWERABLE } from './squad.ts';
export { readChromaFolder, corpusIdOf, CHROMA_COLUMNS } from './chroma.ts';
export type { ChromaFolder } from './chroma.ts';
export { readChunklabFolder, listedFiles, writeChunklabFolder } from './chunklab-folder.ts';
export type { ChunklabFolder } from './chunklab-folder.ts';
export { readWorkspace, writeWorkspace, datasetFromWorkspace, workspaceFromDataset, WORKSPACE_FORMAT, WORKSPACE_VERSION } from './workspace.ts';
export type { Workspace, WorkspaceCorpus, WorkspaceQuestionSet } from './workspace.ts';
export { readPack, writePack, PACK_FORMAT, PACK_VERSION, PACK_LANGUAGES } from './pack.ts';
export type { CoursePack, PackGrid, PackLanguage, PackLesson, PackOwnLesson, PackText } from './pack.ts';
export { readResults, writeResults, RESULTS_FORMAT } from './results.ts';
export { readChunksJsonl, writeChunksJsonl } from './chunks-jsonl.ts';
export { summarize, configLabel, questionSetSignature, isRecord } from './results-summary.ts';
export type { ResultsSummary } from './results-summary.ts';
export { detectDataset, datasetOf, workspaceOf, listingFromUploads, normalizePath, textOf } from './detect.ts';
export type { Detected, DatasetKind, DetectOptions, FileBody, FileListing, UploadedFile } from './detect.ts';
export { readDocumentsFolder, documentType, documentId, documentPaths, duplicateKey, problemOf } from './documents-folder.ts';
export type { DocumentFileType, DocumentReaders, DocumentsProgress, DecidedFile, FileOutcome, FileProblem } from './documents-folder.ts';
export { tokenizerFromFiles, parseJsonObjectFile, loadModelTokenizer } from './tokenizer-files.ts';
export type { ModelTokenizerFiles } from './tokenizer-files.ts';
