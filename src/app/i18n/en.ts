// English interface text. Typed against the Portuguese dictionary: a missing or extra key fails
// the type check.
import type { Dictionary } from './types.ts';

import * as search from './areas/search.ts';
import * as experiments from './areas/experiments.ts';
import * as lessons from './areas/lessons.ts';
import * as models from './areas/models.ts';
import * as inspector from './areas/inspector.ts';
import * as boundaryEdit from './areas/edit.ts';
import * as service from './areas/service.ts';
import * as documents from './areas/documents.ts';
import * as rerank from './areas/rerank.ts';
import * as questions from './areas/questions.ts';
import * as results from './areas/results.ts';
import * as offline from './areas/offline.ts';
import * as chunking from './areas/chunking.ts';
import * as newcomer from './areas/newcomer.ts';
import * as errors from './areas/errors.ts';
import * as runLabels from './areas/run-labels.ts';
import * as answers from './areas/answers.ts';
import * as perDocument from './areas/per-document.ts';
import * as pack from './areas/pack.ts';
import * as sessions from './areas/sessions.ts';
import * as agreement from './areas/agreement.ts';
import * as tune from './areas/tune.ts';

export const en: Dictionary = {
  ...search.en,
  ...experiments.en,
  ...results.en,
  ...lessons.en,
  ...models.en,
  ...inspector.en,
  ...boundaryEdit.en,
  ...service.en,
  ...documents.en,
  ...rerank.en,
  ...questions.en,
  ...offline.en,
  ...chunking.en,
  ...newcomer.en,
  ...errors.en,
  ...runLabels.en,
  ...answers.en,
  ...perDocument.en,
  ...pack.en,
  ...sessions.en,
  ...agreement.en,
  ...tune.en,
  'app.title': 'ChunkLab',
  'app.tagline': 'A chunking laboratory for RAG that runs in your browser.',
  'app.skip': 'Skip to content',
  'lang.label': 'Language',
  'lang.pt-BR': 'Português (Brasil)',
  'lang.en': 'English',

  'nav.label': 'Sections',
  'nav.workspace': 'Workspace',
  'nav.inspector': 'Chunk inspector',
  'nav.search': 'Search',
  'nav.experiments': 'Experiments',
  'nav.results': 'Results',
  'nav.lessons': 'Lessons',

  'storage.used': '{used} of {quota} used',
  'storage.usedOnly': '{used} used',
  'storage.unknown': 'Storage use unavailable',
  'storage.saving': 'Saving…',
  'storage.saved': 'Everything saved in this browser',
  'storage.unavailable':
    'This browser does not allow storing data (IndexedDB unavailable, perhaps private browsing). You can work, but nothing will be kept when the page closes.',
  'storage.quota':
    'The browser storage is full: your latest changes were NOT saved. Nothing already stored was deleted. Delete a corpus or export the workspace and try again.',
  'storage.failed': 'Saving failed: {message}. Nothing already stored was deleted.',
  'storage.retry': 'Try saving again',
  'storage.loading': 'Loading the workspace…',

  'samples.loading': 'Loading the sample corpus…',
  'samples.failed': 'Could not load the sample: {message}',
  'samples.restore': 'Restore samples',
  'samples.restoreConfirm':
    'Restoring the samples replaces the sample corpora (and their questions) with the original version. Your other corpora do not change. Continue?',
  'samples.restored': 'Samples restored.',
  'samples.corpusName.pt-BR': 'Sample in Portuguese (pt-BR)',
  'samples.corpusName.en': 'Sample in English (en)',
  'samples.questionsName': 'Questions for {corpus}',

  'ws.title': 'Workspace',
  'ws.corpora': 'Corpora',
  'ws.noCorpora': 'No corpus yet. Create one or restore the samples.',
  'ws.newCorpus': 'New corpus',
  'ws.newCorpusName': 'Untitled corpus',
  'ws.rename': 'Rename',
  'ws.renameLabel': 'New corpus name',
  'ws.save': 'Save',
  'ws.cancel': 'Cancel',
  'ws.duplicate': 'Duplicate',
  'ws.copyOf': '{name} (copy)',
  'ws.delete': 'Delete',
  'ws.deleteConfirm': 'Delete the corpus “{name}” with its {count, plural, one {# document} other {# documents}} and questions? This cannot be undone.',
  'ws.documents': 'Documents',
  'ws.docCount': '{count, plural, one {# document} other {# documents}}',
  'ws.questionCount': '{count, plural, one {# question} other {# questions}}',
  'ws.noDocuments': 'This corpus has no documents. Paste a text or choose files below.',
  'ws.chars': '{count, plural, one {# character} other {# characters}}',
  'ws.inspect': 'Inspect',
  'ws.removeDoc': 'Remove',
  'ws.removeDocConfirm': 'Remove the document “{name}” from this corpus?',
  'ws.selectCorpus': 'Select corpus {name}',
  'ws.add': 'Add documents',
  'ws.paste': 'Paste text',
  'ws.pasteTitle': 'Document title',
  'ws.pasteText': 'Document text',
  'ws.pasteFormat': 'Format',
  'ws.pasteAdd': 'Add document',
  'ws.pasteEmpty': 'Paste some text before adding.',
  'ws.pastedName': 'Pasted document {n}',
  'ws.files': 'Files',
  'ws.filesHelp': 'Drop .md, .txt or .html files here (several at once), or',
  'ws.choose': 'choose files',
  'ws.dropzone': 'Drop zone for files',
  'ws.added': '{count, plural, one {# document} other {# documents}} added.',
  'ws.skipped': '“{name}” skipped: {reason}',
  'ws.unsupported': 'unsupported file type (use .md, .txt or .html)',
  'ws.import': 'Import a dataset',
  'ws.importHelp':
    'SQuAD v1.1 (.json), ChunkLab workspace (.json) or Chroma (corpora/*.md + questions_df.csv): each import becomes a new corpus.',
  'ws.importChoose': 'Choose file(s) to import',
  'ws.importFolder': 'Or choose a folder (Chroma: corpora/ + questions_df.csv; ChunkLab: documents.json)',
  'ws.importDone': 'Imported: {name} ({docs, plural, one {# document} other {# documents}}, {questions, plural, one {# question} other {# questions}}).',
  'ws.importSkipped': '{count, plural, one {# question in the file was} other {# questions in the file were}} left out: their answer was not found in the text.',
  'ws.importFailed': 'Could not import: {message}',
  'ws.importUnavailable': 'Reading this format is not available in this version yet.',
  'ws.export': 'Export workspace',
  'ws.questions': 'Questions',
  'ws.noQuestions': 'No questions for this corpus.',
  'ws.questionDoc': 'document “{doc}”',
  'ws.showQuestions': 'Show questions ({count})',
  'ws.hideQuestions': 'Hide questions',
  'ws.busy': 'Working…',

  'fmt.markdown': 'Markdown',
  'fmt.text': 'Plain text',
  'fmt.html': 'HTML',

  'insp.title': 'Chunk inspector',
  'insp.corpus': 'Corpus',
  'insp.document': 'Document',
  'insp.noDocument': 'Pick a document in the workspace (or add one) to inspect.',
  'insp.chunker': 'Strategy',
  'insp.params': 'Parameters',
  'insp.header': 'Context header (Document > Section | version)',
  'insp.run': 'Chunk',
  'insp.running': 'Chunking…',
  'insp.cancel': 'Cancel',
  'insp.cancelled': 'Cancelled.',
  'insp.failed': 'Failed: {message}',
  'insp.engineMissing': 'The chunking engine is not available in this version yet.',
  'insp.chunks': '{count, plural, one {# chunk} other {# chunks}}',
  'insp.meanTokens': 'mean {mean} tokens',
  'insp.tokenizer': 'tokens of {name}',
  'insp.recipe': 'Download this chunking as a recipe (.json)',
  'insp.recipeHelp': 'Downloads chunklab-recipe.json: this strategy, its parameters and the tokenizer, to cut a whole corpus outside the page with exactly these chunks',
  'insp.recipeSaved': 'Recipe saved as chunklab-recipe.json (the strategy, parameters and tokenizer of this chunking; no document goes with it). To cut a whole corpus with it: `npm run cli -- batch --recipe chunklab-recipe.json --input <folder> --out <output>`.',
  'insp.recipeUnsupported': 'This chunking cannot be a recipe file (the llm chunker, or semantic vectors from a model)',
  'insp.text': 'Document text with chunk boundaries',
  'insp.textHelp': 'Alternating colours mark neighbouring chunks; hatching marks overlap. Click a marker to see the chunk.',
  'insp.list': 'Chunk list',
  'insp.chunkLabel': 'Chunk {n}',
  'insp.tokens': '{count, plural, one {# token} other {# tokens}}',
  'insp.noPath': '(no section)',
  'insp.selected': 'Selected chunk',
  'insp.selectHint': 'Select a chunk to see the indexed text and the returned text.',
  'insp.indexed': 'Indexed text (with prefix)',
  'insp.returned': 'Text returned to the reader',
  'insp.prefix': 'prefix',
  'insp.range': 'characters {start}–{end}',
  'insp.sameReturned': 'Same as the indexed text (this strategy returns what it indexes).',
  'insp.lexicalSemantic': 'lexical vectors (TF-IDF), no model',
  'insp.needsModel': 'needs an embedding model',
  'insp.lints': 'Warnings',
  'insp.noLints': 'No warnings',
  'insp.modelMax': 'Model limit (tokens)',
  'insp.minTokens': 'Minimum per chunk (tokens)',
  'insp.stale': 'Parameters changed: press “Chunk” to update.',

  'lint.orphan-heading': 'orphan heading',
  'lint.starts-mid-sentence': 'starts mid-sentence',
  'lint.ends-mid-sentence': 'ends mid-sentence',
  'lint.row-without-header': 'table row without header',
  'lint.split-code': 'split code',
  'lint.over-model-limit': 'over the model limit',
  'lint.micro-chunk': 'micro-chunk',
  'lint.no-heading-path': 'no section',
  'lint.oversized-unit': 'oversized unit cut',
  'lint.table-header-only': 'table header without its rows',
  'lint.ends-on-list-marker': 'ends on a bare list marker',
  'lint.over-cap': 'over the cap: table header kept with its first row',

  'common.close': 'Close',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.error': 'Error',
};
