// The context lesson's questions: public/samples/<lang>/questions-context.json (questions that need their
// section's heading), added once as a question set of the sample corpus when the lesson opens.
import { fetchSample } from '../state/samples.ts';
import { workspace } from '../state/workspace.svelte.ts';
import { t } from '../i18n/index.svelte.ts';
import type { SampleLang } from './presets.ts';

/** Every question of the set carries this tag (the file's own): how the set is found again. */
const TAG = 'context';

/** The id of the sample corpus's context question set, added on first use; undefined without the sample corpus. */
export async function contextQuestionSet(lang: SampleLang): Promise<string | undefined> {
  const corpus = workspace.corpora.find((c) => c.sample === lang);
  if (!corpus) return undefined;
  const mine = workspace.questionsOf(corpus.id).find((s) => s.questions.length > 0 && s.questions.every((q) => q.tags?.includes(TAG)));
  if (mine) return mine.id;
  const ds = await fetchSample(lang, 'questions-context.json');
  return workspace.addQuestionSet(corpus.id, t('lessons.context.setName', { corpus: corpus.name }), ds.questions).id;
}
