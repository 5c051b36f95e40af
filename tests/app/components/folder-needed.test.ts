// A model or reranker from a folder on disk that must be picked again (after a reload) reads, where
// the page shows errors (a grid run's row, a search; src/app/i18n/error-text.ts, folder-needed.ts), as a sentence in
// the page's language naming the folder, not as the English message.
import { expect, test } from 'vitest';
import { FolderNeededError } from '../../../src/app/components/folder.ts';
import { folderNeededText } from '../../../src/app/i18n/folder-needed.ts';
import { ptBR } from '../../../src/app/i18n/pt-BR.ts';
import { en } from '../../../src/app/i18n/en.ts';

const fill = (s: string, name: string) => s.replace('{name}', name);

test('FolderNeededError maps to a sentence in pt-BR and en that names the folder', () => {
  const rr = folderNeededText(new FolderNeededError('reranker', 'my-cross-encoder'));
  const mm = folderNeededText(new FolderNeededError('model', 'my-bert'));
  expect(rr).toEqual({ key: 'models.folderAgain.reranker', name: 'my-cross-encoder' });
  expect(mm).toEqual({ key: 'models.folderAgain.model', name: 'my-bert' });
  const pt = ptBR as Record<string, string>;
  const eng = en as Record<string, string>;
  expect(fill(pt[rr!.key], rr!.name)).toContain('reranqueador “my-cross-encoder”');
  expect(fill(pt[mm!.key], mm!.name)).toContain('modelo “my-bert”');
  expect(pt[rr!.key]).toContain('escolha a pasta de novo');
  expect(fill(eng[rr!.key], rr!.name)).toContain('reranker “my-cross-encoder”');
  expect(fill(eng[mm!.key], mm!.name)).toContain('pick the folder again');
  const gg = folderNeededText(new FolderNeededError('generator', 'tiny-llm'));
  expect(gg).toEqual({ key: 'models.folderAgain.generator', name: 'tiny-llm' });
  expect(fill(pt[gg!.key], gg!.name)).toContain('gerador “tiny-llm”');
  expect(fill(eng[gg!.key], gg!.name)).toContain('generator model “tiny-llm”');
  // Other errors are not taken for it.
  expect(folderNeededText(new Error('the model folder "x" must be picked again'))).toBeNull();
  expect(folderNeededText('FolderNeededError')).toBeNull();
});
