// The "one language at a time" checker shared by the browser tests: the page's visible text (outside
// code, document and chunk texts and form values, plus titles, labels and placeholders), and the
// strings among it that read as English. Used by one-language.test.ts (every view) and
// workshop-e2e.test.ts (every view a workshop passes through).
import type { Page } from 'playwright-core';

/** Words of running English text that Portuguese never uses (so names and jargon like "chunk" pass). */
export const ENGLISH = ['the', 'and', 'with', 'of', 'to', 'for', 'is', 'are', 'from', 'this', 'that', 'your', 'not', 'which', 'will', 'when', 'without', 'has', 'have', 'been', 'click', 'loading', 'cancel', 'open', 'save', 'results', 'search', 'questions', 'documents', 'run', 'runs', 'header', 'hdr', 'ov'];

/** The page's visible text, outside code, the document and chunk texts, and form values. */
export async function visibleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = 'code, pre, kbd, samp, textarea, script, style, [data-testid="doc-text"], .doc-text, .chunk-text, [translate="no"]';
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.replace(/\s+/g, ' ').trim();
      if (!el || !text || el.closest(skip)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden="true"]')) continue;
      if (!el.getClientRects().length && !el.closest('.visually-hidden')) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[title], [aria-label], [placeholder]')) {
      for (const a of ['title', 'aria-label', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v && !el.closest(skip)) out.push(v);
      }
    }
    return out;
  });
}

/** The texts that carry an English word of running text (file names and lone identifiers aside). */
export function englishIn(texts: string[]): string[] {
  const words = new RegExp(`(^|[^\\p{L}\\d_-])(${ENGLISH.join('|')})(?=$|[^\\p{L}\\d_-])`, 'iu');
  // Names, not sentences: file names (documents.json), and a lone identifier (a parameter's id as a tooltip).
  // Code, not sentences: a command quoted in backticks where no <code> element can be (a title
  // attribute: "… arquivo de receita: `npm run cli -- batch …`").
  const names = (t: string) => t.replace(/`[^`]*`/g, ' ').replace(/[\w./-]+\.(json|jsonl|csv|md|txt|pdf|docx|html)\b/g, ' ');
  return texts.filter((t) => !/^[a-z][\w-]*$/.test(t) && words.test(names(t)));
}

/** The English strings the page shows now (empty when it is Portuguese only). */
export async function englishOnPage(page: Page): Promise<string[]> {
  return englishIn(await visibleText(page));
}
