// Shared by the Markdown shortcut tests (markdown-plain.test.ts, markdown-lists.test.ts): the blocks
// parseMarkdown gives with its shortcuts against lexing the whole body with marked ({ wholeLex: true }),
// compared after finalizeBlocks (what a Doc holds), and random mixes of pieces to compare them on.
import { expect } from 'vitest';
import { parseMarkdown } from '../../../src/engine/documents/markdown.ts';
import { finalizeBlocks } from '../../../src/engine/documents/text-utils.ts';
import { rng } from '../../../src/engine/util/random.ts';

function read(text: string, wholeLex: boolean) {
  const p = parseMarkdown(text, { wholeLex });
  return { frontMatter: p.frontMatter, deepNesting: p.deepNesting, blocks: finalizeBlocks(text, p.blocks) };
}

export function expectSame(text: string): void {
  expect(read(text, false), JSON.stringify(text)).toEqual(read(text, true));
}

/**
 * `count` texts of 2 to 13 pieces joined by separators drawn from `seps`, each checked with expectSame;
 * `piece` draws one piece with the generator and `pick` it is given.
 */
export function expectSameOnMixes(seed: number, count: number, seps: readonly string[], piece: (r: () => number, pick: <T>(xs: readonly T[]) => T) => string): void {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  for (let n = 0; n < count; n++) {
    const len = 2 + Math.floor(r() * 12);
    let text = piece(r, pick);
    for (let k = 1; k < len; k++) text += pick(seps) + piece(r, pick);
    expectSame(text);
  }
}
