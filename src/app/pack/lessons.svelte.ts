// The lessons of the course packs opened in this browser (src/engine/formats/pack.ts): the teacher's
// own lessons (title and text in pt-BR and/or en, plain text, and the pack grid they load) and
// built-in lessons the pack recommends by id. Shown at the top of the Lessons view
// (PackLessons.svelte), kept in localStorage so a reload keeps them; everything here came from an
// untrusted file and is only ever shown as text.
import type { PackLanguage, PackLesson, PackText } from '../../engine/formats/index.ts';
import { fnv1a32 } from '../../engine/util/index.ts';
import type { ExperimentGrid } from '../experiments/model.ts';
import { LESSONS, type LessonId } from '../lessons/presets.ts';
import { gridFromPack } from './grid.ts';

const KEY = 'chunklab.packs.lessons';
const MAX_KEPT = 50;

export interface ShownPackLesson {
  /** Unique here: pack title, position, and a content fingerprint. */
  key: string;
  /** The pack's title. */
  pack: string;
  /** A built-in lesson the pack recommends. */
  builtin?: LessonId;
  title?: PackText;
  text?: PackText;
  /** The grid the lesson loads (already checked by gridFromPack, its corpus the pack's corpus here). */
  grid?: Partial<ExperimentGrid>;
}

const BUILTIN = new Set<string>(LESSONS.map((l) => l.id));

export const packLessons = $state({ list: read() as ShownPackLesson[] });

/** Adds the lessons of a pack just opened (first), each grid named resolved among the pack's grids. */
export function addPackLessons(pack: string, lessons: readonly PackLesson[], grids: readonly { name: string; grid: Partial<ExperimentGrid> }[]): number {
  const added: ShownPackLesson[] = [];
  lessons.forEach((l, i) => {
    if (typeof l === 'string') {
      if (BUILTIN.has(l)) added.push({ key: keyOf(pack, i, l), pack, builtin: l as LessonId });
      return;
    }
    const grid = l.grid === undefined ? undefined : grids.find((g) => g.name === l.grid)?.grid;
    added.push({ key: keyOf(pack, i, JSON.stringify(l)), pack, title: l.title, text: l.text, ...(grid ? { grid } : {}) });
  });
  if (!added.length) return 0;
  const keys = new Set(added.map((a) => a.key));
  packLessons.list = [...added, ...packLessons.list.filter((x) => !keys.has(x.key))].slice(0, MAX_KEPT);
  write();
  return added.length;
}

export function forgetPackLessons(): void {
  packLessons.list = [];
  write();
}

/** The text in `lang` when the pack gives it, else in the other language (and which one that is). */
export function inLanguage(text: PackText | undefined, lang: PackLanguage): { text: string; lang: PackLanguage } | undefined {
  if (!text) return undefined;
  const own = text[lang];
  if (own) return { text: own, lang };
  const other: PackLanguage = lang === 'en' ? 'pt-BR' : 'en';
  return text[other] ? { text: text[other]!, lang: other } : undefined;
}

function keyOf(pack: string, i: number, content: string): string {
  return `${i}-${fnv1a32(`${pack}\u0000${content}`).toString(16)}`;
}

function isText(v: unknown): v is PackText {
  return !!v && typeof v === 'object' && Object.entries(v).every(([k, x]) => (k === 'pt-BR' || k === 'en') && typeof x === 'string');
}

/** What localStorage holds, keeping only well-shaped entries (it can be edited by hand). */
function read(): ShownPackLesson[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((x): x is ShownPackLesson => {
        if (!x || typeof x !== 'object' || typeof x.key !== 'string' || typeof x.pack !== 'string') return false;
        if (x.builtin !== undefined) return BUILTIN.has(x.builtin);
        return isText(x.title) && isText(x.text) && (x.grid === undefined || (typeof x.grid === 'object' && x.grid !== null));
      })
      .map((x) => {
        if (!x.grid) return x;
        // Checked again as a pack's grid is: only the known fields, in range.
        const g = x.grid as Record<string, unknown>;
        return { ...x, grid: gridFromPack(g, typeof g.corpusId === 'string' ? g.corpusId : undefined, typeof g.label === 'string' ? g.label : '') };
      })
      .slice(0, MAX_KEPT);
  } catch {
    return [];
  }
}

function write(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify($state.snapshot(packLessons.list)));
  } catch {
    // not kept: the lessons stay until the page is closed
  }
}
