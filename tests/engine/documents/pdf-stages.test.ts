// The PDF reader's shape (src/engine/documents/pdf/README.md), as tests that read its sources with the
// TypeScript parser: stages import only from the stages before them; no function runs past 80
// lines; every tuned number in thresholds.ts says why it has its value. And the roles stage's
// per-line decision is one replaceable function: plugging another one in changes the headings.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { rowsOf, type Item } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { handRules } from '../../../src/engine/documents/pdf/roles/rules.ts';
import { lineRoles, type LineContext } from '../../../src/engine/documents/pdf/roles/decide.ts';

const PDF = resolve(import.meta.dirname, '../../../src/engine/documents/pdf');
/** Stages in reading order; a file may import from its own stage and those before it. */
const ORDER = ['read', 'lines', 'roles', 'tables', 'blocks', 'tagged', 'markdown'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith('.ts') ? [p] : [];
  });
}
const parse = (f: string) => ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const stageOf = (f: string) => relative(PDF, f).split('/')[0];

/** `from → to` for each import of a stage file from a later stage. */
function backward(sources: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    const from = ORDER.indexOf(stageOf(file));
    if (from < 0) continue;
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[1]);
      const to = ORDER.indexOf(stageOf(target));
      if (target.startsWith(PDF) && to > from) out.push(`${relative(PDF, file)} → ${relative(PDF, target)}`);
    }
  }
  return out;
}

/** Functions, methods and function-valued constants longer than `max` lines, as "file:name lines". */
function longFunctions(file: string, max: number): string[] {
  const sf = parse(file);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n)) {
      const lines = sf.getLineAndCharacterOfPosition(n.getEnd()).line - sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      const name = (n as ts.FunctionDeclaration).name?.getText() ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : '(anonymous)');
      if (lines > max) out.push(`${relative(PDF, file)}:${name} ${lines}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('the reader in stages', () => {
  const all = files(PDF);

  test('every stage folder exists and holds code', () => {
    for (const s of ORDER) expect(all.some((f) => stageOf(f) === s), s).toBe(true);
  });

  test('no stage imports from a later stage (and the check sees one planted)', () => {
    expect(backward(all.map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([]);
    const planted = { file: join(PDF, 'read/x.ts'), text: "import { lineRoles } from '../roles/decide.ts';" };
    expect(backward([planted])).toEqual(['read/x.ts → roles/decide.ts']);
  });

  test('no function over 80 lines (the check counts a long one)', () => {
    expect(all.flatMap((f) => longFunctions(f, 80))).toEqual([]);
    expect(longFunctions(join(PDF, 'pdf.ts'), 20).length).toBeGreaterThan(0);
  });

  test('every number in thresholds.ts is named with a reason (a doc comment)', () => {
    const sf = parse(join(PDF, 'thresholds.ts'));
    const bare: string[] = [];
    let named = 0;
    const hasDoc = (n: ts.Node) => ts.getJSDocCommentsAndTags(n).length > 0 || /\/\*\*[\s\S]*\*\/\s*$/.test(sf.text.slice(0, n.getStart()).split('\n').slice(-4).join('\n'));
    const visit = (n: ts.Node) => {
      if (ts.isNumericLiteral(n)) {
        named++;
        const holder = ts.isPropertyAssignment(n.parent) ? n.parent : ts.isVariableDeclaration(n.parent) ? n.parent.parent.parent : n.parent;
        if (!hasDoc(holder)) bare.push(n.parent.getText());
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    expect(named).toBeGreaterThanOrEqual(15);
    expect(bare).toEqual([]);
  });
});

describe('roles: the per-line decision is one replaceable function', () => {
  const item = (s: string, y: number, size = 10, bold = false): Item => ({ s, x: 72, y, w: s.length * size * 0.5, size, font: bold ? 'B' : 'R', mono: false, bold });
  const rows = rowsOf(
    [
      item('Results of the survey', 700, 14, true),
      item('The survey asked three hundred people about their reading habits and their', 680),
      item('favourite places to read during the week and at the weekend as well.', 668),
      item('Method', 640, 10, true),
      item('Each answer was coded twice by two readers who did not see the other codes.', 626),
    ],
    1,
  );

  test('lineRoles with the default decision gives the hand rules\' headings', () => {
    const found = [...lineRoles(rows).entries()].map(([r, l]) => [r.frags[0].text, l]);
    expect(found).toEqual([
      ['Results of the survey', 1],
      ['Method', 2],
    ]);
    expect([...lineRoles(rows, { decide: handRules }).keys()]).toEqual([...lineRoles(rows).keys()]);
  });

  test('another decision plugged in decides instead, levels given or by style', () => {
    const seen: number[] = [];
    const onlyMethod = (line: LineContext) => {
      seen.push(line.i);
      return line.rows[line.i].frags[0].text === 'Method' ? { size: 10, bold: true, depth: 0, level: 3 } : null;
    };
    const found = [...lineRoles(rows, { decide: onlyMethod }).entries()].map(([r, l]) => [r.frags[0].text, l]);
    expect(found).toEqual([['Method', 3]]);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
