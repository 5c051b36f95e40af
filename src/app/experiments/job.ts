// The running grid's record, so a reload does not forget it: what the grid was (its spec, corpus and
// question set), how many runs it makes and how many had finished. Kept in localStorage, written
// synchronously when the grid starts and after every finished run (a reload can never find it older
// than the runs the workspace holds). Which runs finished is read from the workspace itself (each
// saved run carries its group id and run key), so resuming runs only what storage does not have.
// A grid still running in another tab holds a Web Lock; a record without its lock was interrupted.
import type { ExperimentGrid } from './model.ts';
import type { ResultsGroup } from '../state/types.ts';

const JOB_KEY = 'chunklab.grid.job';
const FORM_KEY = 'chunklab.grid.form';
export const JOB_LOCK = 'chunklab-grid-running';

export interface GridJob {
  version: 1;
  group: Omit<ResultsGroup, 'runKey'>;
  grid: ExperimentGrid;
  corpusId: string;
  questionSetId: string;
  /** Runs the grid makes. */
  total: number;
  /** Runs finished (saved) when the record was last written. */
  done: number;
  state: 'running' | 'finished';
  /** Unreviewed generated questions were evaluated too (a resumed grid keeps the same questions). */
  includeUnreviewed?: boolean;
}

function read<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the grid still runs, it just cannot be resumed after a reload.
  }
}

export function readJob(): GridJob | undefined {
  const j = read<GridJob>(JOB_KEY);
  return j && j.version === 1 && j.group && j.grid && typeof j.total === 'number' ? j : undefined;
}

export function writeJob(job: GridJob | undefined): void {
  write(JOB_KEY, job);
}

/** The grid form as the user left it (restored on the next visit). */
export function readForm(): { grid: ExperimentGrid; corpusId?: string; questionSetId?: string } | undefined {
  const f = read<{ grid: ExperimentGrid; corpusId?: string; questionSetId?: string }>(FORM_KEY);
  return f && f.grid && Array.isArray(f.grid.chunkers) && Array.isArray(f.grid.sizes) ? f : undefined;
}

export function writeForm(form: { grid: ExperimentGrid; corpusId?: string; questionSetId?: string }): void {
  write(FORM_KEY, form);
}

/** Whether another tab of this browser is running a grid now (unknown without Web Locks: false). */
export async function gridRunningElsewhere(): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.query) return false;
  try {
    const q = await locks.query();
    return (q.held ?? []).some((l) => l.name === JOB_LOCK);
  } catch {
    return false;
  }
}

/** Runs `work` holding the grid lock (or plainly, without Web Locks). */
export async function withGridLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return work();
  return locks.request(JOB_LOCK, work) as Promise<T>;
}
