import { expect, inject, test } from 'vitest';
import { useBrowser } from './helpers';

const s = useBrowser();

test('the page opens with the title ChunkLab and no errors', async () => {
  await s.page.goto(inject('baseURL'));
  await expect(s.page.title()).resolves.toBe('ChunkLab');
  await s.page.getByRole('heading', { level: 1 }).waitFor();
  expect(s.errors).toEqual([]);
});
