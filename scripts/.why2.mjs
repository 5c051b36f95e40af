import * as esbuild from 'esbuild';
const ROOT = '/work/wt/speed';
const CLI_EXTERNAL = ['onnxruntime-node', 'onnxruntime-web', '@huggingface/transformers', 'sharp', 'pdfjs-dist', 'mammoth', '@chonkiejs/core', '@llamaindex/core', '@napi-rs/canvas', 'tesseract.js', 'tesseract.js-core'];
import { directBarrelImports } from './barrels.mjs';
const r = await esbuild.build({ bundle: true, format: 'esm', target: 'node20', metafile: true, write: false, logLevel: 'error', absWorkingDir: ROOT, entryPoints: { chunklab: 'src/cli/main.ts' }, platform: 'node', external: CLI_EXTERNAL, splitting: true, outdir: '/tmp/speed/why-out', outExtension: { '.js': '.mjs' }, plugins: [directBarrelImports()] });
const inputs = r.metafile.inputs;
// the outputs loaded statically by the chunk command: find output whose entryPoint... use inputs BFS instead
const start = process.argv[2] ?? 'src/cli/chunk.ts';
const prev = new Map([[start, null]]); const q = [start];
while (q.length) { const f = q.shift(); for (const i of inputs[f]?.imports ?? []) { if (i.kind !== 'import-statement' || i.external) { if (i.external && i.kind === 'import-statement' && !prev.has(i.path)) prev.set(i.path, f); continue; } if (!prev.has(i.path)) { prev.set(i.path, f); q.push(i.path); } } }
// which of them end up in outputs (tree-shaken)? sum bytesInOutput for reached files
const inOut = new Map(); for (const [o, v] of Object.entries(r.metafile.outputs)) for (const [f, x] of Object.entries(v.inputs)) inOut.set(f, (inOut.get(f) ?? 0) + x.bytesInOutput);
const reached = [...prev.keys()].filter((f) => inOut.get(f));
const byTop = {}; for (const f of reached) { const k = f.startsWith('node_modules') ? f.split('/').slice(0, f.includes('/@') ? 3 : 2).join('/') : f.split('/').slice(0, 3).join('/'); byTop[k] = (byTop[k] ?? 0) + inOut.get(f); }
console.log(Object.entries(byTop).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${v} ${k}`).join('\n'));
console.log('total', reached.reduce((s, f) => s + inOut.get(f), 0));
const path = (f) => { const p = []; while (f) { p.push(f); f = prev.get(f); } return p.reverse().join(' -> '); };
for (const t of (process.argv[3] ?? '').split(',').filter(Boolean)) { const hits = [...prev.keys()].filter((f) => f.includes(t)); console.log('\nWHY', t, hits.length ? path(hits[0]) : 'not reached'); }
