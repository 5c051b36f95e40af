// Saving a results file, from Lessons' share panel or from Results: the engine writes the file (the
// contract's format, config.author set when given), the page offers it as a download named after
// the configuration. The author's name is remembered in this browser.
import { engine } from '../bridge/engine.svelte.ts';
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import { resultsFileName } from './leaderboard.ts';
import { downloadText } from './download.ts';

const AUTHOR_KEY = 'chunklab.share.author';

export function readAuthor(): string {
  try {
    return localStorage.getItem(AUTHOR_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberAuthor(author: string): void {
  try {
    localStorage.setItem(AUTHOR_KEY, author.trim());
  } catch {
    // Not remembered; saving still works.
  }
}

/** Writes `file` (a plain object) with its author and downloads it; returns the file name. */
export async function saveResultsFile(file: ResultsFile, author?: string): Promise<string> {
  const who = author?.trim() || undefined;
  if (author !== undefined) rememberAuthor(author);
  const text = await engine((api) => api.writeResultsFile(file, who), 'share');
  const fileName = resultsFileName(file.config, who);
  downloadText(text, fileName);
  return fileName;
}
