// Which generator made the corpus in a folder (review R4-4): generate.py stamps every <id>.labels.json
// with generator-version.json's version; the bench and the feature dumps read only documents of the
// current version, so a corpus left from an older generator is refused with the command that brings it
// up to date, and every figure names the version it was measured on.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const GENERATOR_VERSION: number = JSON.parse(readFileSync(join(import.meta.dirname, 'generator-version.json'), 'utf8')).version;

export interface CorpusVersion {
  generator: number;
  documents: number;
  /** Documents stamped with another version (or none): name → their stamp. */
  stale: Record<string, number | null>;
}

/** The corpus's PDFs (those with labels), checked against the current generator version. */
export function corpusVersion(dir: string, pdfs: string[]): CorpusVersion {
  const stale: Record<string, number | null> = {};
  for (const f of pdfs) {
    const name = f.replace(/\.pdf$/, '');
    let stamp: number | null = null;
    try {
      stamp = (JSON.parse(readFileSync(join(dir, `${name}.labels.json`), 'utf8')) as { generator?: number }).generator ?? null;
    } catch {
      stamp = null;
    }
    if (stamp !== GENERATOR_VERSION) stale[name] = stamp;
  }
  return { generator: GENERATOR_VERSION, documents: pdfs.length - Object.keys(stale).length, stale };
}

/** Refuses (throws) a folder holding documents of another generator version, unless `allowStale`:
 * then they are left out with a warning on stderr. Returns the PDFs of the current version. */
export function currentPdfs(dir: string, allowStale: boolean): { pdfs: string[]; version: CorpusVersion } {
  const all = readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort();
  const version = corpusVersion(dir, all);
  const stale = Object.keys(version.stale);
  if (stale.length) {
    const what = `${stale.length} of ${all.length} documents in ${dir} were not made by generator version ${GENERATOR_VERSION} (${stale.slice(0, 5).map((n) => `${n}: ${version.stale[n] ?? 'unstamped'}`).join(', ')}${stale.length > 5 ? ', …' : ''}); bring them up to date with: python bench/pdf-corpus/generate.py --out ${dir} [--scale 2] (it makes again every document not of this version)`;
    if (!allowStale) throw new Error(what);
    process.stderr.write(`warning: ${what}; left out (--allow-stale)\n`);
  }
  return { pdfs: all.filter((f) => !(f.replace(/\.pdf$/, '') in version.stale)), version };
}
