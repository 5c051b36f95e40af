// The bridge between a dataset and tune: its questions with their documents, and the pick as a recipe.
import type { Dataset } from '../evaluation/dataset.ts';
import { makeRecipe, type Recipe } from '../recipe/recipe.ts';
import type { TuneQuestion, TuneReport } from './tune.ts';

/** A dataset's questions as tune splits them: a question's document is its first gold reference's. */
export function tuneQuestions(dataset: Pick<Dataset, 'questions'>): TuneQuestion[] {
  return dataset.questions.map((q) => ({ id: q.id, text: q.text, docId: q.gold[0]?.docId ?? `#${q.id}` }));
}

/** The pick as a recipe (`eval --recipe`, `batch`, `serve --stdio`), sizes counted by `tokenizer`. */
export function tuneRecipe(report: Pick<TuneReport, 'chosen'>, tokenizer: string, library?: string): Recipe {
  const c = report.chosen.config;
  return makeRecipe({ chunker: c.chunker, params: c.params, tokenizer, ...(c.chunker === 'semantic' ? { semanticEmbedder: c.semanticEmbedder } : {}), ...(library ? { library } : {}) }, 'tune');
}
