// The two chunk defects found on held-out text, and the lints that show them in any chunking:
// a chunk holding a table's header row with none of its data rows ('table-header-only'), and a
// chunk ending on a bare list number ('ends-on-list-marker'), which the sentence splitter caused by
// taking "4." for a sentence.
import { describe, expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument, sentenceSpans } from '../../../src/engine/documents/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import { lintChunks, LINT_FLAGS } from '../../../src/engine/lints/index.ts';
import { en } from '../../../src/app/i18n/en.ts';
import { ptBR as pt } from '../../../src/app/i18n/pt-BR.ts';
import type { Chunk, Doc } from '../../../src/engine/types.ts';
import { tokenizer } from '../chunkers/helpers.ts';

const LIST = `# Manual do Beneficiário\n\n## 3. Reembolso\n\nO reembolso é pago conforme a tabela abaixo, considerando o tipo de atendimento e o plano contratado pelo beneficiário titular.\n\n### 3.3 Documentos necessários\n\n1. Nota fiscal original com CNPJ do prestador.\n2. Pedido médico com CRM legível.\n3. Relatório do profissional quando houver procedimento.\n4. Comprovante de pagamento.\n\nEntregue tudo em até 180 dias.\n`;

/** Independent check: the chunk's last non-blank line is only a list number or bullet. */
const endsOnMarker = (d: Doc, c: Chunk) => /^(?:\d+(?:\.\d+)*[.)]|[-*+])$/.test(d.text.slice(c.start, c.end).trimEnd().split('\n').at(-1)!.trim());

describe('a bare list number is not a sentence', () => {
  const doc = parseDocument({ id: 'list', text: LIST, format: 'markdown', meta: { language: 'pt' } });
  test('sentenceSpans keeps "4." with its item', () => {
    const from = LIST.indexOf('1. Nota');
    const spans = sentenceSpans(LIST, from, LIST.indexOf('\n\nEntregue'), 'pt').map((s) => LIST.slice(s.start, s.end));
    expect(spans).toEqual(['1. Nota fiscal original com CNPJ do prestador.', '2. Pedido médico com CRM legível.', '3. Relatório do profissional quando houver procedimento.', '4. Comprovante de pagamento.']);
    // Still a break after an ordinary sentence ending in a number.
    const t = 'O prazo é de 4.\nDepois disso, nada.';
    expect(sentenceSpans(t, 0, t.length, 'pt').map((s) => t.slice(s.start, s.end))).toEqual(['O prazo é de 4.', 'Depois disso, nada.']);
  });
  test.each(['sentences', 'semantic'])('%s never ends a chunk on a bare list number, at any cap', async (id) => {
    for (let cap = 24; cap <= 160; cap += 8) {
      const chunks = await chunkDocument(doc, id, { maxTokens: cap, header: cap % 16 === 0 }, { tokenizer, embed: lexicalEmbedderFor(doc).embed });
      lintChunks(doc, chunks);
      for (const c of chunks) {
        // A unit over the cap is cut by the separator ladder wherever it must: not this defect.
        if (c.flags.includes('oversized-unit')) continue;
        expect(endsOnMarker(doc, c), `${id} cap ${cap}: ${JSON.stringify(doc.text.slice(c.start, c.end))}`).toBe(false);
        expect(c.flags).not.toContain('ends-on-list-marker');
      }
    }
  });
});

/**
 * A manual whose table (after a paragraph, as in the reported manual) has a header row and first row
 * that fit one chunk only under a leaner context header.
 */
function tableManual(words: number): Doc {
  const head = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ');
  const cells = (n: number, p: string) => Array.from({ length: 4 }, (_, c) => `${p}${c} ${head(n)}`).join(' | ');
  const md = `# Manual ${head(words)}\n\n## Seção ${head(words)}\n\nTexto de abertura.\n\n### Tabela ${head(words)}\n\nA tabela abaixo resume os valores de referência de cada procedimento, por plano contratado.\n\n| ${cells(1, 'Col')} |\n| --- | --- | --- | --- |\n` + [1, 2, 3, 4].map((r) => `| ${cells(2, 'r' + r)} |\n`).join('') + '\nFim.\n';
  return parseDocument({ id: 'm', text: md, format: 'markdown', meta: { language: 'pt' } });
}

describe('structure with the context header at 100 tokens', () => {
  // Heading lengths where the header row and the first row can share a chunk (with the title alone
  // as context header); beyond that no chunking can keep them together and the lint says so.
  test.each([1, 2])('no chunk holds the table header without a data row (heading words %i)', async (words) => {
    const doc = tableManual(words);
    const table = doc.blocks.find((b) => b.kind === 'table')!;
    // Feasible: header row, separator and first row fit under the title alone, but not under the
    // full path (the case the chunker used to answer with a header-only chunk).
    const pair = tokenizer.count(doc.text.slice(table.header!.start, table.rows![0].end));
    expect(pair + tokenizer.count(`Manual ${Array.from({ length: words }, (_, i) => `palavra${i}`).join(' ')}\n`)).toBeLessThanOrEqual(100);
    const chunks = await chunkDocument(doc, 'structure', { maxTokens: 100, header: true }, { tokenizer });
    lintChunks(doc, chunks);
    let withHeader = 0;
    for (const c of chunks) {
      if (c.start < table.header!.end && c.end > table.header!.start) {
        withHeader++;
        expect(c.end, JSON.stringify(doc.text.slice(c.start, c.end))).toBeGreaterThan(table.rows![0].start);
      }
      expect(c.flags).not.toContain('table-header-only');
      expect(c.tokens).toBeLessThanOrEqual(100);
    }
    expect(withHeader).toBe(1);
  });
});

describe('the two new lints', () => {
  const doc = parseDocument({ id: 'd', text: `# T\n\nIntro.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nPassos:\n\n1. Um.\n2. Dois.\n`, format: 'markdown' });
  const at = (start: number, end: number): Chunk => ({ id: 'd#x', docId: 'd', index: 0, start, end, prefix: '', tokens: 1, headingPath: ['T'], flags: [] });
  const t = doc.text;
  const table = doc.blocks.find((b) => b.kind === 'table')!;
  test('flag the planted defects and nothing else', () => {
    const chunks = [
      at(t.indexOf('Intro'), table.header!.end), // intro + header row: its rows come after
      at(table.header!.start, table.rows![0].end), // header with a row: fine
      at(t.indexOf('Passos'), t.indexOf('2.') + 2), // ends on "2."
      at(t.indexOf('Passos'), t.indexOf('Dois.') + 5), // ends on the item's text: fine
      at(t.indexOf('Intro'), t.indexOf('Intro') + 6), // prose: fine
    ];
    const report = lintChunks(doc, chunks);
    expect(chunks.map((c) => c.flags.filter((f) => f === 'table-header-only' || f === 'ends-on-list-marker'))).toEqual([['table-header-only'], [], ['ends-on-list-marker'], [], []]);
    expect(report.counts['table-header-only']).toBe(1);
    expect(report.counts['ends-on-list-marker']).toBe(1);
  });
  test('every lint has a label in both languages', () => {
    for (const f of LINT_FLAGS) {
      expect(pt[`lint.${f}` as keyof typeof pt], f).toBeTruthy();
      expect(en[`lint.${f}` as keyof typeof en], f).toBeTruthy();
    }
  });
});
