// `compare a.json b.json`: paired comparison of two results files over the same questions
// (exact McNemar on hit@1/3/5, with the questions only one configuration gets right).
import { InputError } from '../engine/types.ts';
import { compareResults } from '../engine/evaluation/compare.ts';
import { readResults } from '../engine/formats/results.ts';
import { readOptions, readText } from './dataset.ts';
import { formatComparison } from './report.ts';
import { printedHelp } from './common.ts';

const HELP = 'usage: npm run cli -- compare <a.json> <b.json> [--json]';

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, HELP)) return 0;
  const json = argv.includes('--json');
  const files = argv.filter((a) => a !== '--json');
  const bad = files.find((a) => a.startsWith('--'));
  if (bad) throw new InputError(`unknown option ${bad}`, 'compare');
  if (files.length !== 2) throw new InputError(`expected two results files, got ${files.length}`, 'compare');
  const [a, b] = await Promise.all(files.map(async (f) => readResults(await readText(f), f, readOptions())));
  const cmp = compareResults(a, b, [files[0], files[1]]);
  if (json) process.stdout.write(JSON.stringify(cmp, null, 2) + '\n');
  else console.log(formatComparison(cmp, [files[0], files[1]]));
  return 0;
}
