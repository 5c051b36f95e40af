#!/usr/bin/env node
// `npm run size` (after `npm run build`): the size of dist/ against the budget in
// scripts/size-budget.json, with the largest files and a breakdown by kind. Exits 1 over budget.
// The budget has two figures: the whole folder (what a host stores and the offline copy downloads)
// and the largest script (one library inlined whole, or the same bundle emitted once per worker,
// shows there first: issue 33 found one 5.6 MB file emitted three times).
// `node scripts/size.mjs <folder>` measures another build folder.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUDGET_FILE = fileURLToPath(new URL('./size-budget.json', import.meta.url));
const MB = 1024 * 1024;

/** Every file under `dir` (relative path with '/', bytes), leaving out paths under `exclude`. */
export function listFiles(dir, exclude = []) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const rel = relative(dir, p).split('\\').join('/');
      if (exclude.some((e) => rel === e || rel.startsWith(e.endsWith('/') ? e : `${e}/`))) continue;
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else out.push({ path: rel, bytes: s.size });
    }
  };
  walk(dir);
  return out.sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
}

const kindOf = (path) =>
  path.endsWith('.wasm') ? 'wasm' : /\.(m?js)$/.test(path) ? 'scripts' : path.endsWith('.css') || path.endsWith('.html') ? 'page' : 'data (tokenizers, samples, pdf.js data)';

/** The folder measured against the budget: { total, byKind, largestScript, files, over: [reasons] }. */
export function measure(dir, { exclude = [], budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) } = {}) {
  const files = listFiles(dir, exclude);
  if (files.length === 0) throw new Error(`${dir} holds no files: run npm run build first`);
  const total = files.reduce((s, f) => s + f.bytes, 0);
  const byKind = {};
  for (const f of files) byKind[kindOf(f.path)] = (byKind[kindOf(f.path)] ?? 0) + f.bytes;
  const largestScript = files.find((f) => kindOf(f.path) === 'scripts') ?? { path: '(none)', bytes: 0 };
  const over = [];
  if (total > budget.totalMB * MB) over.push(`the build is ${(total / MB).toFixed(1)} MB, over its budget of ${budget.totalMB} MB`);
  if (largestScript.bytes > budget.largestScriptMB * MB) {
    over.push(`${largestScript.path} is ${(largestScript.bytes / MB).toFixed(1)} MB, over the ${budget.largestScriptMB} MB budget for one script`);
  }
  return { total, byKind, largestScript, files, over, budget };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? 'dist';
  let m;
  try {
    m = measure(dir);
  } catch (e) {
    console.error(`size: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  }
  const mb = (b) => `${(b / MB).toFixed(2)} MB`;
  console.log(`${dir}: ${mb(m.total)} in ${m.files.length} files (budget ${m.budget.totalMB} MB; largest script ${mb(m.largestScript.bytes)}, budget ${m.budget.largestScriptMB} MB)`);
  for (const [kind, bytes] of Object.entries(m.byKind).sort((a, b) => b[1] - a[1])) console.log(`  ${kind}: ${mb(bytes)}`);
  console.log('largest files:');
  for (const f of m.files.slice(0, 8)) console.log(`  ${mb(f.bytes).padStart(9)}  ${f.path}`);
  for (const o of m.over) console.error(`over budget: ${o}`);
  process.exit(m.over.length ? 1 : 0);
}
