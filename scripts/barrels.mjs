// An esbuild plugin for the CLI bundle: an import of a name from an engine folder's index.ts is
// compiled as an import from the file that defines the name.
//
// Why: the engine's folders are reached through their index.ts (tests/engine/layers.test.ts), and
// each index.ts only re-exports. With code splitting, esbuild places every file a barrel re-exports
// in the start-up chunks of each command that imports the barrel, used or not: `chunk` loaded the
// whole evaluation, formats (papaparse), tune, retrieval and embedding folders, and node:http/https
// through them, ~825 KB of JavaScript to compile before its first line ran. Pointing each import at
// its defining file leaves each command with the files it uses. The sources do not change (the page,
// vitest and tsx still go through the barrels); the engine's files have no side effects at load
// (package.json "sideEffects"), so skipping the ones a command does not use changes nothing else.
//
// Only what can be resolved for certain is rewritten: `export { a, b as c } from './x.ts'` and
// `export * from './y.ts'` (y's own `export const|function|class|let|var|enum NAME` and nested
// barrels, followed); a name not found, a namespace import or a default import keeps the barrel.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** For each barrel (absolute path): exported name → { file, name } where it is defined; memoized. */
const barrels = new Map();

const isBarrel = (file) => /[\\/]src[\\/]engine[\\/].+[\\/]index\.ts$/.test(file);

/** Names a non-barrel file exports by declaration or by `export { … }` without `from`. */
function ownExports(file) {
  const text = readFileSync(file, 'utf8');
  const names = new Set();
  for (const m of text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) {
    for (const part of m[1].split(',')) {
      const p = part.trim().replace(/^type\s+/, '');
      if (!p) continue;
      const as = /\s+as\s+([\w$]+)$/.exec(p);
      names.add(as ? as[1] : p);
    }
  }
  return names;
}

/** The map of a barrel: exported name → { file, name } (its definition, nested barrels followed). */
function barrelMap(file) {
  if (barrels.has(file)) return barrels.get(file);
  const map = new Map();
  barrels.set(file, map); // (a loop of barrels would stop here; the engine has none)
  const text = readFileSync(file, 'utf8');
  const dir = dirname(file);
  const target = (spec) => resolve(dir, spec);
  const stars = [];
  for (const m of text.matchAll(/^export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]\s*;?/gm)) {
    if (m[1]) continue; // type-only: erased
    const from = target(m[3]);
    if (m[2] === '*') {
      stars.push(from);
      continue;
    }
    for (const part of m[2].slice(1, -1).split(',')) {
      const p = part.trim();
      if (!p || p.startsWith('type ')) continue;
      const as = /^([\w$]+)\s+as\s+([\w$]+)$/.exec(p);
      const local = as ? as[1] : p;
      const exported = as ? as[2] : p;
      if (!/^[\w$]+$/.test(local)) continue;
      const def = isBarrel(from) ? barrelMap(from).get(local) : { file: from, name: local };
      if (def && !map.has(exported)) map.set(exported, def);
    }
  }
  for (const from of stars) {
    if (isBarrel(from)) {
      for (const [k, v] of barrelMap(from)) if (!map.has(k)) map.set(k, v);
    } else {
      for (const k of ownExports(from)) if (!map.has(k)) map.set(k, { file: from, name: k });
    }
  }
  return map;
}

/** Relative import path from `fromDir` to `file`, './'-prefixed, forward slashes. */
function rel(fromDir, file) {
  let r = file.startsWith(fromDir + '/') ? './' + file.slice(fromDir.length + 1) : null;
  if (!r) {
    const a = fromDir.split(/[\\/]/);
    const b = file.split(/[\\/]/);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    r = [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
  }
  return r;
}

/** `source` (a file at `path`) with its static named imports from engine barrels pointed at the defining files. */
export function rewriteBarrelImports(source, path) {
  const dir = dirname(path);
  return source.replace(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+\/index\.ts)['"]\s*;?/gm, (whole, typeOnly, list, spec) => {
    if (typeOnly) return whole;
    const barrel = resolve(dir, spec);
    if (!isBarrel(barrel)) return whole;
    const map = barrelMap(barrel);
    const byFile = new Map();
    const kept = [];
    for (const part of list.split(',')) {
      const p = part.trim();
      if (!p) continue;
      if (p.startsWith('type ')) continue; // erased
      const as = /^([\w$]+)\s+as\s+([\w$]+)$/.exec(p);
      const name = as ? as[1] : p;
      const local = as ? as[2] : p;
      const def = map.get(name);
      if (!def) {
        kept.push(p);
        continue;
      }
      if (!byFile.has(def.file)) byFile.set(def.file, []);
      byFile.get(def.file).push(def.name === local ? local : `${def.name} as ${local}`);
    }
    const lines = [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from '${rel(dir, file)}';`);
    if (kept.length) lines.push(`import { ${kept.join(', ')} } from '${spec}';`);
    // Same number of lines as before would keep line numbers; the source map is built from the
    // rewritten text anyway, so keep it on one line.
    return lines.join(' ');
  });
}

/** The plugin: every .ts file under src/ is loaded with its barrel imports rewritten. */
export function directBarrelImports() {
  return {
    name: 'direct-barrel-imports',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => ({
        contents: rewriteBarrelImports(readFileSync(args.path, 'utf8'), args.path),
        loader: 'ts',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

export const BARRELS_SCRIPT = join('scripts', 'barrels.mjs');
