// Questions from the corpus: passages sampled across the documents, a model asked for questions
// with verbatim answer excerpts, every excerpt located exactly, filters counted by reason.
export { ExcerptLocator, normalise, cleanExcerpt } from './locate.ts';
export type { Located, LocateHow } from './locate.ts';
export { parseQuestionAnswer } from './answer.ts';
export type { RawQuestion, ParsedAnswer } from './answer.ts';
export { buildQuestionPrompt, QUESTION_PROMPT_VERSION } from './prompt.ts';
export type { QuestionKind, QuestionLanguage, QuestionPromptInput } from './prompt.ts';
export { samplePassages, candidatePassages, apportion } from './sample.ts';
export type { Passage, SampleOptions } from './sample.ts';
export { answersItself, contentWords, lexicalOverlap, jaccard, excerptLength } from './filters.ts';
export { planQuestions, estimateQuestions, generateQuestions, cleanQuestionText, toQuestionSpecs, REJECT_REASONS, OUTPUT_TOKENS_PER_QUESTION } from './generate.ts';
export type {
  GeneratedQuestion,
  GoldRange,
  QuestionProvenance,
  RejectReason,
  RejectedQuestion,
  QuestionPlan,
  QuestionPlanOptions,
  QuestionJob,
  QuestionEstimate,
  QuestionProgress,
  GenerateQuestionsOptions,
  QuestionReport,
} from './generate.ts';
