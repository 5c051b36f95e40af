// Shared steps of the playground's browser tests: open the app, wait for the workspace, paste a document.
import { inject } from 'vitest';
import type { Page } from 'playwright-core';

export function appUrl(path = ''): string {
  return new URL(path, inject('baseURL')).href;
}

/** Opens the app and waits until the workspace has loaded (and, on a first visit, stored the sample). */
export async function openApp(page: Page, path = ''): Promise<void> {
  await page.goto(appUrl(path));
  await waitSaved(page);
  if (!path || path === '#/workspace') await page.getByTestId('corpus-title').waitFor({ timeout: 60_000 });
}

/** Waits until autosave has written everything to IndexedDB. */
export async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 30_000 });
}

/** Pastes a document into the active corpus through the form. */
export async function pasteDocument(page: Page, title: string, text: string, format: 'markdown' | 'text' | 'html' = 'markdown'): Promise<void> {
  await page.getByTestId('paste-title').fill(title);
  await page.getByTestId('paste-format').selectOption(format);
  await page.getByTestId('paste-text').fill(text);
  await page.getByTestId('paste-add').click();
  await page.locator('[data-testid="doc-list"] li', { hasText: title }).first().waitFor();
  await waitSaved(page);
}
