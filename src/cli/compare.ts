// `compare a.json b.json`: paired comparison of two results files over the same questions
// (exact McNemar on hit@1/3/5, with the questions only one configuration gets right).
import { InputError } from '../engine/types.ts';
import { compareResults } from '../engine/evaluation/index.ts';
import { readResults } from '../engine/formats/index.ts';
import { readOptions, readText } from '../node/files.ts';
import { formatComparison } from './report.ts';
import { readFlags } from './args.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('compare', argv);
  if (!p) return 0;
  const files = p.args;
  if (files.length !== 2) throw new InputError(`expected two results files, got ${files.length}`, 'compare');
  const [a, b] = await Promise.all(files.map(async (f) => readResults(await readText(f), f, readOptions())));
  const cmp = compareResults(a, b, [files[0], files[1]]);
  if (p.flags.json) process.stdout.write(JSON.stringify(cmp, null, 2) + '\n');
  else console.log(formatComparison(cmp, [files[0], files[1]]));
  return 0;
}
