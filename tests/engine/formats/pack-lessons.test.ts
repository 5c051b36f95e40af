// A course pack's lessons (src/engine/formats/pack.ts): a built-in lesson's id, or the teacher's own
// lesson (title and text in pt-BR and/or en, and the name of one of the pack's grids). Read back as
// written; anything else is refused with a message naming the lesson and what is wrong.
import { describe, expect, test } from 'vitest';
import { readPack, writePack, type CoursePack } from '../../../src/engine/formats/index.ts';

const base = (lessons: unknown): string =>
  JSON.stringify({
    format: 'chunklab-pack',
    version: 1,
    title: 'Aula',
    language: 'pt-BR',
    corpora: [{ id: 'c1', name: 'C', documents: [{ id: 'd1', title: 'D', text: 'Um texto.', format: 'text' }] }],
    questionSets: [],
    grids: [{ name: 'Tamanhos', grid: { sizes: [64, 128] } }],
    lessons,
  });

describe('pack lessons', () => {
  test('ids and own lessons are read back as written, blank languages dropped', () => {
    const own = { title: { 'pt-BR': 'Tamanhos', en: 'Sizes' }, text: { 'pt-BR': 'Compare 64 e 128.\nAnote o hit@5.', en: 'Compare 64 and 128.' }, grid: 'Tamanhos' };
    const p = readPack(base(['size-sweep', own, { title: { en: 'Only English' }, text: { en: 'Text', 'pt-BR': '  ' } }]));
    expect(p.lessons).toEqual(['size-sweep', own, { title: { en: 'Only English' }, text: { en: 'Text' } }]);
    // Written and read again: the same lessons.
    const again = readPack(writePack(p as CoursePack));
    expect(again.lessons).toEqual(p.lessons);
  });

  test('no lessons: the field stays absent when written', () => {
    const p = readPack(base(undefined));
    expect(p.lessons).toEqual([]);
    expect(JSON.parse(writePack(p)).lessons).toBeUndefined();
  });

  test('bad lessons are refused, naming the lesson and the problem', () => {
    expect(() => readPack(base([{ title: { fr: 'Leçon' }, text: { en: 'x' } }]))).toThrow(/lessons\[0\].*"title": unknown language "fr"/);
    expect(() => readPack(base([{ title: { en: 'x' }, text: { en: ' ' } }]))).toThrow(/lessons\[0\].*"text" needs a text in pt-BR or en/);
    expect(() => readPack(base(['size-sweep', { title: { en: 'x' }, text: { en: 'y' }, grid: 'Nope' }]))).toThrow(/lessons\[1\].*"grid" names no grid of this pack: "Nope"/);
    expect(() => readPack(base([{ title: 'x', text: { en: 'y' } }]))).toThrow(/lessons\[0\]/);
    expect(() => readPack(base([3]))).toThrow(/lessons\[0\]/);
    expect(() => readPack(base(Array.from({ length: 51 }, () => 'size-sweep')))).toThrow(/at most 50 lessons, got 51/);
  });

  test('long texts are cut (title 200, text 8,000 characters)', () => {
    const p = readPack(base([{ title: { en: 't'.repeat(500) }, text: { en: 'x'.repeat(9000) } }]));
    const l = p.lessons[0] as { title: { en: string }; text: { en: string } };
    expect(l.title.en).toHaveLength(200);
    expect(l.text.en).toHaveLength(8000);
  });
});
