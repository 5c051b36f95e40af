// A course pack: what a teacher hands a class in one file (or one link): corpora and question sets
// (the workspace file's own fields), preset grids, lessons to follow, the interface language and a
// title. The CLI reads it as a dataset like a workspace file (its first corpus and question set).
//
// {
//   "format": "chunklab-pack", "version": 1,
//   "title": "RAG — aula 3", "language": "pt-BR" | "en",
//   "corpora": [...], "questionSets": [...],          (as in a workspace file, see workspace.ts)
//   "grids": [ { "name": "Tamanhos", "grid": { ...the experiments grid, checked by the page... } } ],
//   "lessons"?: [ "size-sweep",                                   (a built-in lesson, by id)
//                 { "title": { "pt-BR": "…", "en": "…" },            (the teacher's own lesson: at
//                   "text":  { "pt-BR": "…", "en": "…" },             least one language each; text
//                   "grid"?: "Tamanhos" }, ... ]                      only, the name of a pack grid)
// }
//
// Everything is untrusted: the workspace part is validated as a workspace file is; a grid is an
// object kept as data (the page fills it from its defaults and takes only the fields it knows).
import { InputError } from '../types.ts';
import { arr, isObj, obj, optStr, parseJson, str, type ReadOptions, preview } from './limits.ts';
import { readWorkspace, writeWorkspace, WORKSPACE_FORMAT, WORKSPACE_VERSION, type Workspace } from './workspace.ts';

export const PACK_FORMAT = 'chunklab-pack';
export const PACK_VERSION = 1;
export const PACK_LANGUAGES = ['pt-BR', 'en'] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];

export interface PackGrid {
  name: string;
  grid: Record<string, unknown>;
}

/** Text in one or both of the pack languages (at least one). */
export type PackText = Partial<Record<PackLanguage, string>>;

/** A lesson the teacher wrote: plain text (never markup), and the name of one of the pack's grids to load. */
export interface PackOwnLesson {
  title: PackText;
  text: PackText;
  grid?: string;
}

/** A built-in lesson's id ("size-sweep"), or the teacher's own lesson. */
export type PackLesson = string | PackOwnLesson;

export interface CoursePack {
  title: string;
  language: PackLanguage;
  workspace: Workspace;
  grids: PackGrid[];
  lessons: PackLesson[];
}

const MAX_GRIDS = 50;
const MAX_LESSONS = 50;
const MAX_LESSON_TITLE = 200;
const MAX_LESSON_TEXT = 8000;

/** `{ "pt-BR": "…", "en": "…" }` with at least one language, each a string cut at `max` characters. */
function packText(v: unknown, what: string, where: string, max: number): PackText {
  const o = obj(v, `${what} (an object with "pt-BR" and/or "en")`, where);
  const out: PackText = {};
  for (const key of Object.keys(o)) {
    if (!(PACK_LANGUAGES as readonly string[]).includes(key)) throw new InputError(`${what}: unknown language ${preview(key)} (use ${PACK_LANGUAGES.join(' or ')})`, where);
    const text = str(o[key], `${what}.${key}`, where, { empty: true }).slice(0, max);
    if (text.trim()) out[key as PackLanguage] = text;
  }
  if (!Object.keys(out).length) throw new InputError(`${what} needs a text in ${PACK_LANGUAGES.join(' or ')}`, where);
  return out;
}

function readLesson(l: unknown, i: number, file: string, gridNames: ReadonlySet<string>): PackLesson {
  const w = `${file}: lessons[${i}]`;
  if (typeof l === 'string') return str(l, `lessons[${i}]`, file);
  const o = obj(l, 'a lesson id or a lesson object', w);
  const lesson: PackOwnLesson = { title: packText(o.title, '"title"', w, MAX_LESSON_TITLE), text: packText(o.text, '"text"', w, MAX_LESSON_TEXT) };
  const grid = optStr(o.grid, 'grid', w);
  if (grid !== undefined) {
    if (!gridNames.has(grid)) throw new InputError(`"grid" names no grid of this pack: ${preview(grid)}`, w);
    lesson.grid = grid;
  }
  return lesson;
}

export function readPack(text: string, file = 'pack.json', opts: ReadOptions = {}): CoursePack {
  const root = obj(parseJson(text, file, opts), 'the file', file);
  if (root.format !== PACK_FORMAT) throw new InputError(`"format" must be "${PACK_FORMAT}", got ${preview(root.format)}`, file);
  if (root.version !== PACK_VERSION) throw new InputError(`unsupported version ${preview(root.version)} (this build reads version ${PACK_VERSION})`, file);
  const title = str(root.title, 'title', file).slice(0, 200);
  const language = str(root.language, 'language', file);
  if (!(PACK_LANGUAGES as readonly string[]).includes(language)) throw new InputError(`"language" must be one of ${PACK_LANGUAGES.join(', ')}, got ${preview(language)}`, file);
  // The workspace part, validated exactly as a workspace file.
  const { corpora, questionSets } = root;
  const workspace = readWorkspace(JSON.stringify({ format: WORKSPACE_FORMAT, version: WORKSPACE_VERSION, corpora, questionSets }), file, opts);
  const gridList = root.grids === undefined ? [] : arr(root.grids, '"grids"', file);
  if (gridList.length > MAX_GRIDS) throw new InputError(`at most ${MAX_GRIDS} grids, got ${gridList.length}`, file);
  const grids = gridList.map((g, i) => {
    const w = `${file}: grids[${i}]`;
    const o = obj(g, 'a grid', w);
    const grid = o.grid;
    if (!isObj(grid)) throw new InputError('"grid" must be an object', w);
    return { name: (optStr(o.name, 'name', w) ?? `${i + 1}`).slice(0, 200), grid: grid as Record<string, unknown> };
  });
  const lessonList = root.lessons === undefined ? [] : arr(root.lessons, '"lessons"', file);
  if (lessonList.length > MAX_LESSONS) throw new InputError(`at most ${MAX_LESSONS} lessons, got ${lessonList.length}`, file);
  const gridNames = new Set(grids.map((g) => g.name));
  const lessons = lessonList.map((l, i) => readLesson(l, i, file, gridNames));
  return { title, language: language as PackLanguage, workspace, grids, lessons };
}

export function writePack(pack: CoursePack): string {
  const ws = JSON.parse(writeWorkspace(pack.workspace)) as Record<string, unknown>;
  const out = {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    title: pack.title,
    language: pack.language,
    corpora: ws.corpora,
    questionSets: ws.questionSets,
    grids: pack.grids,
    ...(pack.lessons.length ? { lessons: pack.lessons } : {}),
  };
  return JSON.stringify(out, null, 2) + '\n';
}
