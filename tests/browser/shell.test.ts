import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { openBrowser, type Session } from './browser';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});
afterAll(async () => {
  await s?.close();
});

test('the page opens with the title ChunkLab and no errors', async () => {
  await s.page.goto(inject('baseURL'));
  await expect(s.page.title()).resolves.toBe('ChunkLab');
  await s.page.getByRole('heading', { level: 1 }).waitFor();
  expect(s.errors).toEqual([]);
});
