// The paired test of two saved runs, computed by the engine (compareResults) in the worker.
import type * as Comlink from 'comlink';
import { engine } from '../bridge/engine.svelte.ts';
import type { Comparison } from '../../engine/evaluation/index.ts';
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import type { ResultsApi } from '../../../workers/engine-api.ts';

/** McNemar exact tests between two results files (plain data: pass snapshots, not reactive proxies). */
export function compareRuns(a: ResultsFile, b: ResultsFile, names: [string, string]): Promise<Comparison> {
  return engine((api) => (api as unknown as Comlink.Remote<ResultsApi>).compareResults(a, b, names), 'compare');
}
