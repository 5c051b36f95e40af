// Course packs in the page: export the open corpus (its question sets), the experiments grid, the
// language and a title as one file; open one dropped or linked (`?pack=<relative url>`). Opening
// only ADDS corpora and question sets (never replaces the student's); what it would change (the
// grid form, the interface language) is asked first. A linked pack is opened once per browser
// (remembered by URL and content), so a reload does not add it again.
import { readPack, writePack, type CoursePack, type PackGrid } from '../../engine/formats/index.ts';
import { fnv1a32 } from '../../engine/util/index.ts';
import { addWorkspace, currentWorkspace } from '../actions/import.svelte.ts';
import { experimentsStore } from '../experiments/state.svelte.ts';
import type { ExperimentGrid } from '../experiments/model.ts';
import { getLang, setLang, t } from '../i18n/index.svelte.ts';
import { errorText } from '../i18n/error-text.ts';
import { workspace } from '../state/workspace.svelte.ts';
import { downloadText } from '../sharing/download.ts';
import { gridFromPack } from './grid.ts';
import { fetchPackText, MAX_PACK_BYTES, PackNotFound, PackNotHere, PackTooLarge, packUrl } from './link.ts';
import { addPackLessons } from './lessons.svelte.ts';

const OPENED_KEY = 'chunklab.packs.opened';

export const packState = $state({
  /** The grids of the packs opened here, to load again from the experiments view. */
  grids: [] as { name: string; grid: Partial<ExperimentGrid> }[],
  /** The last pack's outcome, shown on the workspace view. */
  message: null as null | { kind: 'info' | 'error'; text: string },
});

/**
 * The open corpus, its question sets and the current grid as a pack file (downloaded); `lesson`, when
 * given, is the teacher's text for the students, in the page's language, opening that grid.
 */
export function exportPack(title: string, lesson = ''): void {
  const corpus = workspace.activeCorpus;
  if (!corpus) return;
  const all = currentWorkspace();
  const ws = { corpora: all.corpora.filter((c) => c.id === corpus.id), questionSets: all.questionSets.filter((s) => s.corpusId === corpus.id) };
  const grid = $state.snapshot(experimentsStore.grid) as ExperimentGrid;
  const { autoRun: _a, models: _m, rerankers: _r, label: _l, labelKey: _k, questionSetId: _q, sample: _s, ...shape } = grid;
  const grids: PackGrid[] = [{ name: title, grid: { ...shape, corpusId: corpus.id } as Record<string, unknown> }];
  const lang = getLang();
  const lessons = lesson.trim() ? [{ title: { [lang]: title }, text: { [lang]: lesson.trim() }, grid: title }] : [];
  const pack: CoursePack = { title, language: lang, workspace: ws, grids, lessons };
  // Plain letters in the file name ("aula-3-cabecalhos"): accents break on some file systems, mail and URLs.
  const name =
    title
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .trim()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'pack';
  downloadText(writePack(pack), `${name}.chunklab-pack.json`);
}

/** Whether a file's first bytes name the pack format. */
export function looksLikePack(text: string): boolean {
  return /"format"\s*:\s*"chunklab-pack"/.test(text.slice(0, 2000));
}

/**
 * Opens a pack: asks before anything changes, then adds its corpora and question sets, loads its
 * first grid into the experiments view and switches the language. Returns false when declined.
 */
export function openPack(text: string, file: string, ask: (question: string) => boolean = (q) => confirm(q)): boolean {
  let pack: CoursePack;
  try {
    pack = readPack(text, file);
  } catch (e) {
    packState.message = { kind: 'error', text: t('pack.failed', { message: errorText(e) }) };
    return false;
  }
  const docs = pack.workspace.corpora.reduce((n, c) => n + c.documents.length, 0);
  const questions = pack.workspace.questionSets.reduce((n, s) => n + s.questions.length, 0);
  const question = t('pack.confirm', { title: pack.title, corpora: pack.workspace.corpora.length, docs, questions, grids: pack.grids.length, lang: pack.language });
  if (!ask(question)) {
    packState.message = { kind: 'info', text: t('pack.declined', { title: pack.title }) };
    return false;
  }
  const added = addWorkspace(pack.workspace);
  const grids = pack.grids.map((g) => {
    const target = typeof g.grid.corpusId === 'string' ? added.ids[g.grid.corpusId] : Object.values(added.ids)[0];
    return { name: g.name, grid: gridFromPack(g.grid, target, g.name) };
  });
  packState.grids = [...grids, ...packState.grids].slice(0, 20);
  addPackLessons(pack.title, pack.lessons, grids);
  if (grids[0]) experimentsStore.load(grids[0].grid as ExperimentGrid);
  if (pack.language !== getLang()) setLang(pack.language);
  packState.message = { kind: 'info', text: t('pack.opened', { title: pack.title, docs, questions, grids: grids.length }) };
  return true;
}

/** A cheap content fingerprint (FNV-1a), to know a linked pack was already opened. */
function fingerprint(text: string): string {
  return fnv1a32(text).toString(16);
}

/** `?pack=<relative url>`: fetched from this page's own origin only, opened once. */
export async function openLinkedPack(): Promise<void> {
  const ref = new URLSearchParams(location.search).get('pack');
  if (!ref) return;
  const url = packUrl(ref, location.href);
  if (!url) {
    packState.message = { kind: 'error', text: t('pack.notHere', { url: ref.slice(0, 200) }) };
    return;
  }
  try {
    const text = await fetchPackText(url, location.origin);
    const key = `${url.pathname}${url.search}#${fingerprint(text)}`;
    const opened = readOpened();
    if (opened.includes(key)) return;
    if (openPack(text, url.pathname.split('/').pop() || 'pack.json')) {
      // Remembered as opened only once its corpora are stored: on a first visit the service worker
      // reloads the page once (cross-origin isolation), and a reload before the write lands must ask
      // again rather than skip a pack that was never saved.
      await workspace.flush();
      writeOpened([...opened, key].slice(-50));
    }
  } catch (e) {
    if (e instanceof PackTooLarge) {
      packState.message = { kind: 'error', text: t('pack.tooLarge', { url: ref.slice(0, 200), max: Math.round(MAX_PACK_BYTES / (1024 * 1024)) }) };
      return;
    }
    if (e instanceof PackNotHere) {
      packState.message = { kind: 'error', text: t('pack.notHere', { url: ref.slice(0, 200) }) };
      return;
    }
    if (e instanceof PackNotFound) {
      packState.message = { kind: 'error', text: t('pack.notFound', { url: ref.slice(0, 200) }) };
      return;
    }
    packState.message = { kind: 'error', text: t('pack.fetchFailed', { url: ref.slice(0, 200), message: errorText(e) }) };
  }
}

function readOpened(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(OPENED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function writeOpened(list: string[]): void {
  try {
    localStorage.setItem(OPENED_KEY, JSON.stringify(list));
  } catch {
    // not remembered: a reload asks again
  }
}
