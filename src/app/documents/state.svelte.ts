// The documents import: files dropped or chosen (a folder or many files) are read in the engine
// worker (PDF and Word parsed there, through the one dataset detection), each with its own status;
// PDF and Word documents wait in a preview until the user adds them; text files are added at once.
// A set of files that is a dataset (ChunkLab folder, Chroma, SQuAD, workspace file) is imported.
import { t } from '../i18n/index.svelte.ts';
import { engine, progress as proxy, cancelEngine, abandonEngine, CancelledError } from '../bridge/engine.svelte.ts';
import { workspace, errorMessage } from '../state/workspace.svelte.ts';
import { addWorkspace } from '../actions/import.svelte.ts';
import { documentPaths, documentType, duplicateKey, listingFromUploads, type DecidedFile, type DocumentsProgress, type FileOutcome, type UploadedFile } from '../../engine/formats/index.ts';
import type { DocumentInput } from '../../engine/evaluation/index.ts';
import { applyStructureEdits, formatPageMap, parsePageMap, type StructureEdit } from '../../engine/documents/index.ts';
import type { PickedFile } from './entries.ts';
import { stalledFile } from './stall.ts';
import { distinctName } from '../state/names.ts';
export { STALL_MS } from './stall.ts';
import { ptBR } from '../i18n/pt-BR.ts';
import { en } from '../i18n/en.ts';

/** The name "New corpus" gives, in either language: a corpus still called so takes a folder's name. */
const DEFAULT_NAMES = [ptBR['ws.newCorpusName'], en['ws.newCorpusName']];
import type { OcrAsk, ReadDocuments } from '../../../workers/engine-api.ts';
import { consented, noteConsent, ocrLanguage } from './ocr.svelte.ts';
import { nextOcr, type OcrRun } from './ocr-progress.ts';
export { ocrBars, ocrSecondsLeft, pageList, type OcrRun } from './ocr-progress.ts';

/** Largest file read (PDFs are parsed in memory in the worker). */
export const MAX_FILE_MB = 100;
/** Largest drop at once. */
export const MAX_TOTAL_MB = 500;
const MB = 1024 * 1024;
/** The read was abandoned because the user skipped the file it was on (the read resumes without it). */
class FileSkipped extends Error {
  constructor(readonly path: string) {
    super(`skipped: ${path}`);
    this.name = 'FileSkipped';
  }
}

export interface FileRow {
  path: string;
  status: 'waiting' | 'reading' | 'ready' | 'skipped';
  pagesDone?: number;
  pageCount?: number;
  outcome?: FileOutcome;
  /** OCR of its scanned pages, while it runs. */
  ocr?: OcrRun;
}

export interface Notice {
  kind: 'info' | 'error';
  text: string;
}

/** A file's outcome as one line in the interface language. */
export function outcomeText(o: FileOutcome): string {
  if (!o.problem) return '';
  if (o.problem === 'other') return t('docs.problem.other', { message: o.message ?? '' });
  // The engine's message names the missing OCR language in quotes.
  const lang = o.problem === 'ocr-language' ? (/"([^"]+)"/.exec(o.message ?? '')?.[1] ?? '') : '';
  return t(`docs.problem.${o.problem}`, { max: MAX_FILE_MB, other: o.duplicateOf ?? '', lang });
}

/** A language list's name ("português + inglês"): known codes by name, others by code. */
export function ocrLangName(lang: string): string {
  return lang
    .split('+')
    .map((c) => (c === 'por' || c === 'eng' ? t(`docs.ocr.name.${c}`) : c))
    .join(' + ');
}

class DocumentImport {
  phase = $state<'idle' | 'reading' | 'preview'>('idle');
  rows = $state<FileRow[]>([]);
  done = $state(0);
  total = $state(0);
  /** The path of the file shown in the preview. */
  selected = $state<string | null>(null);
  /** The documents read (not yet added), by path. */
  docs = $state.raw<Map<string, DocumentInput>>(new Map());
  /** Structure fixes made in the preview, by path: groups of edits (one undo step each), in order. */
  edits = $state.raw<Map<string, StructureEdit[][]>>(new Map());
  name = '';
  /** The file that has been read for STALL_MS with no progress (offered to be skipped), or null. */
  stalled = $state<string | null>(null);
  private run = 0;
  /** When the read last moved (a file started, a page done, a file done). */
  private lastProgressAt = 0;
  private stallTimer: ReturnType<typeof setInterval> | undefined;
  /** Files the user stopped during this read, and the files this read already decided. */
  private stopped = new Set<string>();
  private decided = new Map<string, DecidedFile>();
  /** Which reading of the drop is the live one (progress from an abandoned one is ignored). */
  private attempt = 0;
  /** The engine's question before OCR models load for the first time (shown in the import), or null. */
  asking = $state<OcrAsk | null>(null);
  private answer: ((yes: boolean) => void) | null = null;
  /** This drop's answer, once given (asked once per drop). */
  private ocrAnswer: boolean | null = null;

  get ready(): FileRow[] {
    return this.rows.filter((r) => r.status === 'ready');
  }

  /** The document as it will be added: the reader's Markdown with the preview's structure fixes. */
  doc(path: string): DocumentInput | undefined {
    const d = this.docs.get(path);
    const groups = this.edits.get(path);
    if (!d || !groups?.length) return d;
    const meta = d.meta ?? {};
    const r = applyStructureEdits(d.text, groups.flat(), { columns: this.columns(path), pages: parsePageMap(meta.pages, d.text.length) });
    return { ...d, text: r.markdown, meta: { ...meta, ...(meta.pages ? { pages: formatPageMap(r.pages) } : {}), structureEdited: 'yes' } };
  }

  /** The reader's cell positions for the file's lines (PDF rows kept as paragraphs). */
  columns(path: string) {
    return this.rows.find((r) => r.path === path)?.outcome?.columns;
  }

  /** Adds one undo step of structure fixes to the file (checked by the caller with editProblem). */
  edit(path: string, group: StructureEdit[]): void {
    if (!group.length) return;
    this.edits = new Map(this.edits).set(path, [...(this.edits.get(path) ?? []), group]);
  }

  undo(path: string): void {
    const groups = this.edits.get(path);
    if (!groups?.length) return;
    this.edits = new Map(this.edits).set(path, groups.slice(0, -1));
  }

  /** Reads the files; resolves with a notice for the workspace's banner. */
  async read(picked: PickedFile[]): Promise<Notice | null> {
    if (!picked.length || this.phase === 'reading') return null;
    const size = picked.reduce((n, p) => n + p.file.size, 0);
    if (size > MAX_TOTAL_MB * MB) return { kind: 'error', text: t('docs.tooBig', { size: Math.ceil(size / MB), max: MAX_TOTAL_MB }) };
    const uploads = picked.map((p) => ({ name: p.file.name, path: p.path.includes('/') ? p.path : undefined, blob: p.file }));
    let paths: string[];
    try {
      paths = documentPaths(listingFromUploads(uploads).paths);
    } catch (e) {
      return { kind: 'error', text: t('docs.failed', { message: errorMessage(e) }) };
    }
    const run = ++this.run;
    this.phase = 'reading';
    this.selected = null;
    this.docs = new Map();
    this.edits = new Map();
    this.rows = paths.map((path) => ({ path, status: 'waiting' }));
    this.done = 0;
    this.total = paths.length;
    this.stopped = new Set();
    this.decided = new Map();
    this.ocrAnswer = null;
    this.watchStall(run);
    try {
      const r = await this.readAll(run, uploads);
      this.stopWatch();
      if (run !== this.run) return null;
      if (r.kind === 'dataset') {
        this.reset();
        const s = addWorkspace(r.workspace);
        const text = t('ws.importDone', { name: s.name, docs: s.docs, questions: s.questions, skipped: r.skipped.length });
        return { kind: 'info', text: r.skipped.length ? `${text} ${t('ws.importSkipped', { count: r.skipped.length })}` : text };
      }
      // A chosen or dropped folder becomes a corpus named after it; loose files join the open corpus.
      this.name = uploads.some((u) => u.path) ? r.name : '';
      const docs = new Map<string, DocumentInput>();
      const byId = new Map(r.documents.map((d) => [d.id, d]));
      for (const o of r.files) {
        const d = o.status === 'added' ? byId.get(o.id) : undefined;
        if (d) docs.set(o.path, d);
      }
      this.docs = docs;
      this.rows = [
        ...r.files.filter((o) => documentType(o.path)).map((o): FileRow => ({ path: o.path, status: o.status === 'added' ? 'ready' : 'skipped', outcome: o, pageCount: o.pages })),
        ...r.files.filter((o) => !documentType(o.path)).map((o): FileRow => ({ path: o.path, status: 'skipped', outcome: o })),
      ];
      this.done = this.total;
      const binary = this.ready.some((row) => row.outcome?.type === 'pdf' || row.outcome?.type === 'docx');
      if (binary) {
        this.phase = 'preview';
        this.selected = this.ready.find((row) => row.outcome?.type === 'pdf' || row.outcome?.type === 'docx')?.path ?? null;
        return null;
      }
      return this.add();
    } catch (e) {
      if (run === this.run) this.stopWatch();
      if (run !== this.run) return null;
      this.reset();
      if (e instanceof CancelledError) return { kind: 'info', text: t('docs.cancelled') };
      return { kind: 'error', text: t('docs.failed', { message: errorMessage(e) }) };
    }
  }

  /**
   * Reads the drop in the worker. When the user skips the file being read, the worker is terminated
   * (a reader that never returns can be stopped no other way) and the drop is read again on a fresh
   * one: the files already decided are handed back as they were (not read again), the skipped ones are
   * left out with the problem 'stopped', and the rest are read.
   */
  private async readAll(run: number, uploads: UploadedFile[]): Promise<ReadDocuments> {
    for (let attempt = 0; ; attempt++) {
      const onProgress = proxy((p: DocumentsProgress) => void (run === this.run && attempt === this.attempt && this.update(p)));
      const confirmOcr = proxy((ask: OcrAsk) => (run === this.run && attempt === this.attempt ? this.confirmOcr(ask) : Promise.resolve(false)));
      this.attempt = attempt;
      const lang = ocrLanguage.value;
      try {
        return await engine(
          async (api) => await api.readDocuments(uploads, { maxBytes: MAX_FILE_MB * MB, stopped: [...this.stopped], decided: [...this.decided.values()], ocrLang: lang }, onProgress, confirmOcr),
          'documents',
        );
      } catch (e) {
        if (!(e instanceof FileSkipped) || run !== this.run) throw e;
      }
    }
  }

  /**
   * Before OCR models load: a drop asks once; models loaded before (in this browser) are not asked
   * about again. The engine waits for the answer (the stall watch too).
   */
  private confirmOcr(ask: OcrAsk): Promise<boolean> {
    if (this.ocrAnswer !== null) return Promise.resolve(this.ocrAnswer);
    if (consented(ask.codes, ask.version)) return Promise.resolve((this.ocrAnswer = true));
    this.answer?.(false);
    return new Promise((resolve) => {
      this.asking = ask;
      this.answer = (yes) => {
        this.ocrAnswer = yes;
        if (yes) noteConsent(ask.codes, ask.version);
        this.asking = null;
        this.answer = null;
        this.lastProgressAt = Date.now();
        resolve(yes);
      };
    });
  }

  /** The user's answer to `asking`: load the models and read the scanned pages, or leave them unread. */
  answerOcr(yes: boolean): void {
    this.answer?.(yes);
  }

  /**
   * Skips the file being read: its reading is abandoned (the worker terminated), it is listed as left
   * out, and the other files of the drop go on being read.
   */
  skip(path: string): void {
    const row = this.rows.find((r) => r.path === path);
    if (this.phase !== 'reading' || !row || row.status !== 'reading') return;
    // Nothing to abandon (the read has just ended): the file was read after all, and is kept.
    if (!abandonEngine('documents', () => new FileSkipped(path))) return;
    // Noted before the abandoned call's rejection is handled (a microtask later), so the next reading leaves it out.
    this.stopped.add(path);
    row.status = 'skipped';
    row.outcome = { path, type: documentType(path), id: path, status: 'skipped', problem: 'stopped' };
    // A question the skipped file's reading was waiting on goes with it, unanswered (the next scanned file asks again).
    this.asking = null;
    this.answer = null;
    this.stalled = null;
    this.lastProgressAt = Date.now();
  }

  private watchStall(run: number): void {
    this.stopWatch();
    this.lastProgressAt = Date.now();
    this.stallTimer = setInterval(() => {
      if (run !== this.run || this.phase !== 'reading') return this.stopWatch();
      // Waiting for the user (the OCR question) or for the OCR models to load is not a stuck reader.
      if (this.asking || this.rows.some((r) => r.ocr?.stage === 'loading')) this.lastProgressAt = Date.now();
      const s = stalledFile(this.rows, this.lastProgressAt, Date.now());
      if (s !== this.stalled) this.stalled = s;
    }, 1000);
  }

  private stopWatch(): void {
    clearInterval(this.stallTimer);
    this.stallTimer = undefined;
    this.stalled = null;
  }

  private update(p: DocumentsProgress): void {
    this.lastProgressAt = Date.now();
    this.stalled = null;
    if (p.outcome && !this.stopped.has(p.path)) this.decided.set(p.path, { outcome: p.outcome, ...(p.doc ? { doc: p.doc } : {}) });
    if (this.stopped.has(p.path) && !p.outcome) return;
    const row = this.rows.find((r) => r.path === p.path);
    this.done = p.outcome ? p.index + 1 : p.index;
    if (!row) return;
    if (p.outcome) {
      row.status = p.outcome.status === 'added' ? 'ready' : 'skipped';
      row.outcome = p.outcome;
    } else {
      row.status = 'reading';
      if (p.pageCount) Object.assign(row, { pagesDone: p.pagesDone, pageCount: p.pageCount });
      if (p.ocr) row.ocr = nextOcr(row.ocr, p.ocr, Date.now());
    }
  }

  /** Adds the documents read: a folder as a new corpus named after it, loose files to the open corpus. */
  add(): Notice {
    const rows = this.rows;
    const skipped = rows.filter((r) => r.status === 'skipped').map((r) => t('ws.skipped', { name: r.path, reason: outcomeText(r.outcome!) }));
    const ready = rows.filter((r) => r.status === 'ready' && this.docs.has(r.path));
    // A folder goes into the selected corpus when that one is empty (just made with "New corpus"),
    // taking the folder's name if it still has the default one; otherwise it becomes a new corpus.
    const open = workspace.activeCorpus;
    const emptyOpen = !!open && open.documents.length === 0 && workspace.questionsOf(open.id).length === 0;
    let corpusId = this.name && !emptyOpen ? undefined : open?.id;
    const renameTo = this.name && emptyOpen && open && DEFAULT_NAMES.includes(open.name) ? this.name : null;
    const existing = new Map((corpusId ? workspace.corpus(corpusId)?.documents ?? [] : []).map((d) => [duplicateKey(d.text), d.name]));
    const inputs = [];
    for (const r of ready) {
      const d = this.doc(r.path)!;
      const same = existing.get(duplicateKey(d.text));
      if (same !== undefined) {
        skipped.push(t('docs.duplicateOfCorpus', { name: r.path, other: same }));
        continue;
      }
      inputs.push({ id: d.id, name: d.name ?? d.id, text: d.text, format: d.format ?? 'text', meta: { ...(d.meta ?? {}) } });
    }
    const parts: string[] = [];
    if (inputs.length) {
      // A folder chosen twice makes two corpora: never two with the same name (the notice says which).
      const taken = workspace.corpora.filter((c) => c.id !== corpusId).map((c) => c.name);
      const wanted = renameTo ?? (corpusId ? undefined : this.name || t('ws.newCorpusName'));
      const name = wanted === undefined ? undefined : distinctName(wanted, taken);
      const isNew = !corpusId;
      if (renameTo && corpusId) workspace.renameCorpus(corpusId, name!);
      corpusId ??= workspace.createCorpus(name!).id;
      workspace.addDocuments(corpusId, inputs);
      const shown = workspace.corpus(corpusId)?.name ?? name ?? '';
      parts.push(isNew ? t('docs.addedToNew', { count: inputs.length, name: shown }) : t('docs.addedTo', { count: inputs.length, name: shown }));
      if (wanted !== undefined && name !== wanted) parts.push(t('docs.nameTaken', { taken: wanted, name: name! }));
    }
    this.reset();
    parts.push(...skipped);
    return { kind: skipped.length ? 'error' : 'info', text: parts.join(' ') || t('docs.discarded') };
  }

  cancel(): void {
    if (this.phase !== 'reading') return;
    this.answer?.(false);
    cancelEngine();
  }


  discard(): Notice {
    this.reset();
    return { kind: 'info', text: t('docs.discarded') };
  }

  private reset(): void {
    this.answer?.(false);
    this.stopWatch();
    this.phase = 'idle';
    this.rows = [];
    this.docs = new Map();
    this.edits = new Map();
    this.selected = null;
    this.name = '';
  }
}

export const documentImport = new DocumentImport();

