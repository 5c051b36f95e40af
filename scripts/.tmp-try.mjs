import * as esbuild from 'esbuild';
import { directBarrelImports } from './barrels.mjs';
const CLI_EXTERNAL = ['onnxruntime-node', 'onnxruntime-web', '@huggingface/transformers', 'sharp', 'pdfjs-dist', 'mammoth', '@chonkiejs/core', '@llamaindex/core', '@napi-rs/canvas', 'tesseract.js', 'tesseract.js-core'];
const r = await esbuild.build({ bundle: true, format: 'esm', target: 'node20', sourcemap: 'linked', metafile: true, write: true, logLevel: 'warning', absWorkingDir: process.cwd(), entryPoints: { chunklab: 'src/cli/main.ts', 'batch-worker': 'src/cli/batch/worker.ts' }, platform: 'node', external: CLI_EXTERNAL, splitting: true, outdir: '/tmp/speed/bb/build/cli', outExtension: { '.js': '.mjs' }, chunkNames: '[name]-[hash]', banner: { js: '#!/usr/bin/env node' }, plugins: process.argv[2] === 'plain' ? [] : [directBarrelImports()] });
console.log('ok', Object.keys(r.metafile.outputs).length);
