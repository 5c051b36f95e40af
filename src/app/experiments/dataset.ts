// The engine dataset for a workspace corpus and one of its question sets, built with the engine's
// own workspace reader (datasetFromWorkspace), so the page evaluates exactly what an exported
// workspace file would evaluate in the CLI.
import { datasetFromWorkspace } from '../../engine/formats/index.ts';
import type { Dataset } from '../../engine/evaluation/index.ts';
import type { Corpus, QuestionSet } from '../state/types.ts';

/** The corpus's language when every document's meta agrees on one; else undefined (the engine guesses). */
export function corpusLanguage(corpus: Corpus): string | undefined {
  const langs = new Set(corpus.documents.map((d) => d.meta?.language).filter((l): l is string => typeof l === 'string' && !!l));
  return langs.size === 1 ? [...langs][0] : undefined;
}

export function datasetFor(corpus: Corpus, qs: QuestionSet): Dataset {
  const language = corpusLanguage(corpus);
  return datasetFromWorkspace(
    {
      corpora: [
        {
          id: corpus.id,
          name: corpus.name,
          ...(language ? { language } : {}),
          documents: corpus.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta })),
        },
      ],
      questionSets: [{ id: qs.id, name: qs.name, corpusId: corpus.id, questions: qs.questions }],
    },
    qs.id,
  );
}
