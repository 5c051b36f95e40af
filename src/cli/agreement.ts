// `agreement`: do generated questions rank configurations the way human questions do? Reads the
// human set (and the generated one, from the same dataset or --generated), runs a small BM25 grid
// once over both sets (evaluation/agreement-grid.ts), and reports Kendall's τ-b with its bootstrap
// interval and the configurations the sets order differently. Flags and --help: src/cli/commands.ts.
import { InputError, type ChunkerId } from '../engine/types.ts';
import { LEXICAL_EMBEDDER_ID } from '../engine/embedding/index.ts';
import {
  agreementGrid,
  combineQuestionSets,
  runAgreement,
  sideByProvenance,
  type AgreementReport,
  type Dataset,
  type ExperimentDeps,
  type QuestionSide,
  type QuestionSpec,
} from '../engine/evaluation/index.ts';
import { loadDataset } from '../node/files.ts';
import { readFlags } from './args.ts';
import { chooseTokenizer, lexicalEmbed } from './common.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('agreement', argv);
  if (!p) return 0;
  const f = p.flags;
  const { dataset, sideOf } = await questionSets(f.dataset, f.generated);
  const chunkers = [...new Set(f.chunkers)] as ChunkerId[];
  const sizes = [...new Set(f.sizes.map(Number))];
  const runs = agreementGrid(chunkers, sizes, [f.overlap], f.k);
  if (runs.length < 2) throw new InputError(`the grid has ${runs.length} configuration${runs.length === 1 ? '' : 's'}: give at least two (more --chunkers or --sizes, or an --overlap below the sizes)`, 'agreement');
  const deps: ExperimentDeps = { tokenizer: await chooseTokenizer(f.tokenizer) };
  if (chunkers.includes('semantic')) {
    deps.embedFor = lexicalEmbed();
    for (const r of runs) if (r.config.chunker === 'semantic') r.config.semanticEmbedder = LEXICAL_EMBEDDER_ID;
  }
  let said = -1;
  const report = await runAgreement(dataset, runs, sideOf, deps, {
    metric: f.metric,
    by: f.resample,
    resamples: f.resamples,
    seed: f.seed,
    onRun: (done, total) => {
      if (done < total && done !== said) console.error(`run ${done + 1}/${total}  ${runs[(said = done)].label}`);
    },
  });
  if (f.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else console.log(formatAgreement(report));
  return 0;
}

/** The dataset with both sets' questions, and which set each question is in. */
async function questionSets(path: string, generatedPath: string | undefined): Promise<{ dataset: Dataset; sideOf: (q: QuestionSpec) => QuestionSide | undefined }> {
  const human = await loadDataset(path);
  if (generatedPath === undefined) {
    const count = (s: QuestionSide) => human.questions.filter((q) => sideByProvenance(q) === s).length;
    if (!count('a')) throw new InputError('no questions written by people to compare with (every question has generation provenance)', path);
    if (!count('b')) throw new InputError('no generated questions in this dataset: generate some with `questions`, or give them with --generated <D>', path);
    return { dataset: human, sideOf: sideByProvenance };
  }
  const generated = await loadDataset(generatedPath);
  const people = human.questions.filter((q) => sideByProvenance(q) === 'a');
  if (!people.length) throw new InputError('no questions written by people to compare with', path);
  if (!generated.questions.some((q) => q.review !== 'rejected')) throw new InputError('no generated questions to compare (none, or all rejected)', generatedPath);
  const { dataset, sides } = combineQuestionSets({ ...human, questions: people }, generated, generatedPath);
  return { dataset, sideOf: (q) => sides.get(q.id) };
}

const f3 = (x: number) => x.toFixed(3);

/** The terminal summary: τ with its interval, each configuration's scores and places, the pairs in opposite order. */
export function formatAgreement(r: AgreementReport): string {
  const a = r.agreement;
  const lines: string[] = [];
  const unit = a.by === 'document' ? 'documents' : 'questions';
  lines.push(`questions  ${a.questions.a} by people, ${a.questions.b} generated; ${a.configurations.length} configurations (BM25), ranked by ${r.metric}`);
  const tau = a.tau === null ? 'undefined (every configuration ties under one set)' : f3(a.tau);
  const interval = a.interval ? ` (${Math.round(a.level * 100)}% interval ${f3(a.interval[0])} to ${f3(a.interval[1])}, ${a.resamples} resamples of ${unit}: ${a.units.a} and ${a.units.b}, seed ${a.seed})` : '';
  lines.push(`kendall    tau-b ${tau}${interval}`);
  if (a.undefinedResamples) lines.push(`           ${a.undefinedResamples} resamples left out: all configurations tied in one set`);
  if (a.by === 'document' && Math.min(a.units.a, a.units.b) < 10) lines.push(`           few documents (${Math.min(a.units.a, a.units.b)}): the interval is rough; --resample question treats questions as independent`);
  lines.push(`best       by people: ${a.best.a.join(', ')}; generated: ${a.best.b.join(', ')}${a.best.same ? ' (the same)' : ' (different)'}`);
  lines.push('');
  const width = Math.max(13, ...a.configurations.map((c) => c.label.length)) + 2;
  lines.push(`${'configuration'.padEnd(width)}people  place  generated  place`);
  for (const c of a.configurations) lines.push(`${c.label.padEnd(width)}${f3(c.a).padStart(6)}  ${String(c.rankA).padStart(5)}  ${f3(c.b).padStart(9)}  ${String(c.rankB).padStart(5)}`);
  lines.push('');
  if (!a.disagreements.length) lines.push(`disagree   none of the ${a.pairs} pairs is ordered the other way${a.tiedInOne ? ` (${a.tiedInOne} tied under one set only)` : ''}`);
  else {
    lines.push(`disagree   ${a.disagreements.length} of ${a.pairs} pairs ordered the other way${a.tiedInOne ? `, ${a.tiedInOne} tied under one set only` : ''}:`);
    for (const d of a.disagreements) lines.push(`           ${d.first} > ${d.second} by people (${f3(d.a[0])} vs ${f3(d.a[1])}), < generated (${f3(d.b[0])} vs ${f3(d.b[1])})`);
  }
  return lines.join('\n');
}
