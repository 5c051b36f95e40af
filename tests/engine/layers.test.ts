// The layers, as a test that reads the imports (with the TypeScript parser, so comments and strings
// never count): src/engine imports nothing from src/app, src/cli or workers, no node: module, and
// uses no DOM or worker global; src/engine has no circular import; workers never import src/app;
// src/app imports workers only as types, or (the bridge alone) by URL to start them; src/app and
// workers reach the engine only through a folder's index.ts (or the shared vocabulary, types.ts);
// no two engine folders lean on each other, directly or round a longer loop, and no two src/app
// folders either; an index.ts in src/engine
// only re-exports (implementations live in files named for what they hold).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Import {
  /** The import's target, relative to the root ('src/engine/x.ts'), or the bare specifier ('comlink'). */
  target: string;
  /** Erased at build time (`import type`, or only type specifiers). */
  typeOnly: boolean;
  /** `new URL('…', import.meta.url)`: a worker started by URL. */
  byUrl: boolean;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...files(rel));
    else if (/\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** The script of a file (a .svelte file's <script> blocks). */
function scriptOf(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, scriptOf(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function targetOf(file: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)).split('\\').join('/') : spec;
}

function importsOf(file: string): Import[] {
  const out: Import[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      out.push({ target: targetOf(file, n.moduleSpecifier.text), typeOnly, byUrl: false });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const named = n.exportClause && ts.isNamedExports(n.exportClause) ? n.exportClause.elements : undefined;
      const typeOnly = n.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      out.push({ target: targetOf(file, n.moduleSpecifier.text), typeOnly, byUrl: false });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push({ target: targetOf(file, n.arguments[0].text), typeOnly: false, byUrl: false });
    } else if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'URL' && n.arguments?.[0] && ts.isStringLiteral(n.arguments[0]) && n.arguments[1]?.getText().includes('import.meta.url')) {
      out.push({ target: targetOf(file, n.arguments[0].text), typeOnly: false, byUrl: true });
    }
    ts.forEachChild(n, visit);
  };
  visit(parse(file));
  return out;
}

/** Browser-only globals the engine must not touch (it runs in Node and in any worker). */
const GLOBALS = new Set(['document', 'window', 'self', 'importScripts', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'location', 'postMessage', 'caches']);

/** Uses of a browser global: identifiers with those names that the file does not declare itself. */
function globalsUsed(file: string): string[] {
  const sf = parse(file);
  const declared = new Set<string>();
  const used: string[] = [];
  const isName = (n: ts.Identifier) => {
    const p = n.parent;
    return (
      (ts.isPropertyAccessExpression(p) && p.name === n) ||
      (ts.isPropertyAssignment(p) && p.name === n) ||
      (ts.isPropertySignature(p) && p.name === n) ||
      (ts.isPropertyDeclaration(p) && p.name === n) ||
      (ts.isMethodDeclaration(p) && p.name === n) ||
      (ts.isMethodSignature(p) && p.name === n) ||
      ts.isQualifiedName(p)
    );
  };
  const visit = (n: ts.Node) => {
    if ((ts.isParameter(n) || ts.isVariableDeclaration(n) || ts.isBindingElement(n) || ts.isFunctionDeclaration(n) || ts.isImportSpecifier(n)) && n.name && ts.isIdentifier(n.name)) declared.add(n.name.text);
    if (ts.isIdentifier(n) && GLOBALS.has(n.text) && !isName(n)) used.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.text}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  // A name the file declares itself (a parameter called `document`) is not the global.
  return used.filter((u) => !declared.has(u.split(' ').pop()!));
}

const under = (t: string, dir: string) => t === dir || t.startsWith(`${dir}/`);

/** The folder under `root` a file belongs to ('src/engine/llm/http.ts' → 'llm'); a top-level file is its own ('types.ts'). */
const folderUnder = (root: string) => (file: string) => file.slice(root.length + 1).split('/')[0];
const engineFolderOf = folderUnder('src/engine');
const appFolderOf = folderUnder('src/app');

/**
 * Loops between folders (engine folders unless `folderOf` says otherwise), each as "a → b → a" with
 * the files that make every step. `edges` maps a file to the files it imports. A loop of two is two
 * folders importing each other.
 */
function folderLoops(edges: ReadonlyMap<string, readonly string[]>, folderOf: (file: string) => string = engineFolderOf): string[] {
  const graph = new Map<string, Map<string, Set<string>>>();
  for (const [from, targets] of edges) {
    for (const to of targets) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Map());
      const step = graph.get(a)!;
      if (!step.has(b)) step.set(b, new Set());
      step.get(b)!.add(`${from} → ${to}`);
    }
  }
  const loops: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of [...(graph.get(f)?.keys() ?? [])].sort()) {
      if (state.get(t) === 'open') {
        const loop = [...stack.slice(stack.indexOf(t)), t];
        const why = loop.slice(1).map((b, i) => [...graph.get(loop[i])!.get(b)!].sort()[0]);
        loops.push(`${loop.join(' → ')} (${why.join('; ')})`);
      } else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return loops;
}

/**
 * What an index.ts holds besides re-exports (`export … from '…'`): declarations, imports, statements,
 * each as "file:line kind". Empty for an index that only re-exports.
 */
function notReExports(file: string, text = scriptOf(file)): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return sf.statements
    .filter((st) => !(ts.isExportDeclaration(st) && st.moduleSpecifier))
    .map((st) => `${file}:${sf.getLineAndCharacterOfPosition(st.getStart()).line + 1} ${ts.isVariableStatement(st) ? 'VariableStatement' : ts.SyntaxKind[st.kind]}`);
}

/** Each file of `root` and the files of `root` it imports (type-only imports count: a loop of types is still a tangle). */
function edgesWithin(list: readonly string[], root: string): Map<string, string[]> {
  return new Map(list.map((f) => [f, importsOf(f).filter((i) => under(i.target, root)).map((i) => i.target)]));
}
const engineEdges = (list: readonly string[]) => edgesWithin(list, 'src/engine');

const engine = files('src/engine');
const app = files('src/app');
const workers = files('workers');

describe('layers', () => {
  test('src/engine imports nothing from src/app, src/cli, workers, nor a node: module', () => {
    const bad = engine.flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'src/app') || under(i.target, 'src/cli') || under(i.target, 'workers') || i.target.startsWith('node:'))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(bad).toEqual([]);
  });

  test('src/engine uses no DOM or worker global', () => {
    expect(engine.flatMap(globalsUsed)).toEqual([]);
  });

  test('the global check sees a real use and ignores a parameter of the same name', () => {
    // Guards the check itself: the embedding lessons (pure functions) have a parameter named `document`.
    expect(globalsUsed('src/app/lessons/dilution-and-late.ts')).toEqual([]);
    expect(globalsUsed('workers/app-base.ts').some((u) => u.endsWith(' self'))).toBe(true);
  });

  test('src/engine has no circular import', () => {
    const graph = new Map<string, string[]>();
    for (const f of engine) graph.set(f, importsOf(f).filter((i) => under(i.target, 'src/engine')).map((i) => i.target));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t].join(' → '));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (!state.has(f)) visit(f);
    // Type-only imports count too (a circle of types is still a tangle).
    expect(cycles).toEqual([]);
  });

  test('no two src/engine folders import each other, directly or round a loop', () => {
    expect(folderLoops(engineEdges(engine))).toEqual([]);
  });

  test('the folder check sees a planted loop of two and one of three', () => {
    // Guards the check itself: real imports plus one planted import the other way.
    const edges = engineEdges(engine);
    const planted = (from: string, to: string) => new Map([...edges, [from, [...(edges.get(from) ?? []), to]]]);
    // embedding/providers/client.ts imports llm/; llm importing embedding back closes a loop of two.
    expect(edges.get('src/engine/embedding/providers/client.ts')).toContain('src/engine/llm/index.ts');
    const two = folderLoops(planted('src/engine/llm/http.ts', 'src/engine/embedding/index.ts'));
    expect(two).toHaveLength(1);
    expect(two[0]).toMatch(/^llm → embedding → llm \(src\/engine\/llm\/http\.ts → src\/engine\/embedding\/index\.ts; src\/engine\/embedding\/[^;]+ → src\/engine\/llm\/[^;]+\)$/);
    // questions → evaluation (its dataset vocabulary) → documents; documents importing questions closes a loop of three.
    expect(folderLoops(planted('src/engine/documents/language.ts', 'src/engine/questions/index.ts')).some((l) => l.startsWith('documents → questions →'))).toBe(true);
  });

  test('no two src/app folders import each other, directly or round a loop', () => {
    // The page's floors (src/app/README.md): i18n, state, the bridge, shared components, then the
    // features, the views and App.svelte on top; a feature hands the bridge what its workers need.
    expect(folderLoops(edgesWithin(app, 'src/app'), appFolderOf)).toEqual([]);
  });

  test('the bridge imports no feature of the page (only the workers\' API, the engine and the workspace\'s types)', () => {
    const bad = files('src/app/bridge').flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'src/app') && !under(i.target, 'src/app/bridge') && !(i.typeOnly && i.target === 'src/app/state/types.ts'))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(bad).toEqual([]);
  });

  test('the app folder check sees a planted loop of two and one of three', () => {
    // Guards the check itself: real imports plus one planted import the other way.
    const edges = edgesWithin(app, 'src/app');
    const planted = (from: string, to: string) => new Map([...edges, [from, [...(edges.get(from) ?? []), to]]]);
    // The llm feature primes the bridge's workers; the bridge reading the feature's settings back is a loop of two.
    expect(edges.get('src/app/llm/settings.svelte.ts')).toContain('src/app/bridge/engine.svelte.ts');
    const two = folderLoops(planted('src/app/bridge/engine.svelte.ts', 'src/app/llm/settings.svelte.ts'), appFolderOf);
    expect(two.filter((l) => /^bridge → llm → bridge \(src\/app\/bridge\/engine\.svelte\.ts → src\/app\/llm\/settings\.svelte\.ts; src\/app\/llm\/[^;]+ → src\/app\/bridge\/[^;]+\)$/.test(l))).toHaveLength(1);
    // lessons → questions (the agreement panel) → search (its state); search importing lessons closes a loop of three.
    expect(edges.get('src/app/lessons/LessonCard.svelte')).toContain('src/app/questions/AgreementPanel.svelte');
    expect(edges.get('src/app/questions/QuestionEditor.svelte')).toContain('src/app/search/state.svelte.ts');
    expect(folderLoops(planted('src/app/search/state.svelte.ts', 'src/app/lessons/presets.ts'), appFolderOf).some((l) => l.startsWith('lessons → questions → search → lessons'))).toBe(true);
  });

  test('every index.ts in src/engine only re-exports', () => {
    const indexes = engine.filter((f) => f.endsWith('/index.ts'));
    expect(indexes).toContain('src/engine/chunkers/index.ts');
    expect(indexes.flatMap((f) => notReExports(f))).toEqual([]);
  });

  test('the index check sees a function, a constant, a type and an import among re-exports', () => {
    const planted = [
      "export { a } from './a.ts';",
      "export * from './b.ts';",
      "export type { C } from './c.ts';",
      "import { d } from './d.ts';",
      'export function e() {}',
      'const f = 1;',
      'export interface G {}',
      'export { d };',
    ].join('\n');
    expect(notReExports('x/index.ts', planted)).toEqual([
      'x/index.ts:4 ImportDeclaration',
      'x/index.ts:5 FunctionDeclaration',
      'x/index.ts:6 VariableStatement',
      'x/index.ts:7 InterfaceDeclaration',
      'x/index.ts:8 ExportDeclaration',
    ]);
  });

  test('workers never import src/app', () => {
    const bad = workers.flatMap((f) => importsOf(f).filter((i) => under(i.target, 'src/app')).map((i) => `${f} → ${i.target}`));
    expect(bad).toEqual([]);
  });

  test('src/app and workers reach the engine through its folders\' index.ts (or src/engine/types.ts)', () => {
    const bad = [...app, ...workers].flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'src/engine') && i.target !== 'src/engine/types.ts' && !i.target.endsWith('/index.ts'))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(bad).toEqual([]);
    // The check sees those imports (the page does reach the engine).
    expect(app.some((f) => importsOf(f).some((i) => i.target === 'src/engine/evaluation/index.ts'))).toBe(true);
  });

  test('src/app imports workers only as types, and only the bridge starts them', () => {
    const bad = app.flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'workers'))
        .filter((i) => !(i.typeOnly || (i.byUrl && under(f, 'src/app/bridge') && i.target.endsWith('.worker.ts'))))
        .map((i) => `${f} → ${i.target}${i.byUrl ? ' (by URL)' : ''}`),
    );
    expect(bad).toEqual([]);
    // The check sees the bridge's worker URLs.
    expect(files('src/app/bridge').flatMap((f) => importsOf(f).filter((i) => i.byUrl).map((i) => i.target)).sort()).toEqual([
      'workers/embed-service.worker.ts',
      'workers/embed.worker.ts',
      'workers/engine.worker.ts',
      'workers/llm.worker.ts',
    ]);
  });
});

// The Node side: the CLI (src/cli), the library's entries (src/lib) and the Node-only helpers both
// share (src/node: files, tokenizer folders, onnxruntime-node, document readers for Node).
describe('layers: the CLI, the library and the Node helpers', () => {
  const cli = files('src/cli');
  const lib = files('src/lib');
  const node = files('src/node');

  test('src/cli, src/lib and src/node reach the engine only through its folders\' index.ts (or src/engine/types.ts)', () => {
    const bad = [...cli, ...lib, ...node].flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'src/engine') && i.target !== 'src/engine/types.ts' && !i.target.endsWith('/index.ts'))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(bad).toEqual([]);
    // The check sees those imports, static and lazy.
    expect(importsOf('src/cli/eval.ts').some((i) => i.target === 'src/engine/evaluation/index.ts')).toBe(true);
    expect(importsOf('src/cli/retrievers.ts').some((i) => i.target === 'src/engine/embedding/index.ts')).toBe(true);
  });

  test('src/node never imports src/cli or src/lib; src/lib never imports src/cli', () => {
    const bad = [
      ...node.flatMap((f) => importsOf(f).filter((i) => under(i.target, 'src/cli') || under(i.target, 'src/lib')).map((i) => `${f} → ${i.target}`)),
      ...lib.flatMap((f) => importsOf(f).filter((i) => under(i.target, 'src/cli')).map((i) => `${f} → ${i.target}`)),
    ];
    expect(bad).toEqual([]);
    // Both sides do use src/node.
    expect(importsOf('src/lib/node.ts').some((i) => under(i.target, 'src/node'))).toBe(true);
    expect(cli.some((f) => importsOf(f).some((i) => under(i.target, 'src/node')))).toBe(true);
  });

  test('nothing in the engine, the page or the workers imports src/cli, src/lib or src/node', () => {
    const bad = [...engine, ...app, ...workers].flatMap((f) =>
      importsOf(f)
        .filter((i) => under(i.target, 'src/cli') || under(i.target, 'src/lib') || under(i.target, 'src/node'))
        .map((i) => `${f} → ${i.target}`),
    );
    expect(bad).toEqual([]);
  });
});
