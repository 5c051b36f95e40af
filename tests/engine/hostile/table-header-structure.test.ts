// The structure chunker (and sentences and semantic) never leaves a table's header row (and separator) alone in a chunk, at any
// cap from 16 to 200 tokens, with the context header on or off, with overlap, at two section levels,
// on a Portuguese manual with one 4-column table (issue 25, Deliver 3: the case where the header row,
// separator and first row do not fit together even under the title alone). Checked independently of
// the lint (the table's lines are found in the text here) and with the lint 'table-header-only'.
// Every character stays covered and every count is the tokenizer's own; the one chunk allowed over
// the cap ('over-cap') appears only where the column names with the row's first word exceed the cap.
import { expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { lintChunks } from '../../../src/engine/lints/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import type { Chunk } from '../../../src/engine/types.ts';
import { tokenizer, uncovered } from '../chunkers/helpers.ts';

const MD = `# Manual do Beneficiário do Plano de Saúde Empresarial

## 4. Reembolso de despesas médicas e hospitalares

O beneficiário pode pedir reembolso das despesas feitas fora da rede credenciada, dentro dos limites do plano.

### 4.2 Prazos e documentos exigidos para cada tipo de atendimento

A tabela abaixo resume o que enviar em cada caso.

| Tipo de atendimento | Documentos obrigatórios | Prazo para envio | Observações importantes |
| --- | --- | --- | --- |
| Consulta eletiva em consultório | Nota fiscal com CNPJ e pedido médico com CRM | 180 dias após a consulta | Reembolso limitado à tabela do plano contratado |
| Exames laboratoriais e de imagem | Pedido médico, nota fiscal e laudo quando houver | 180 dias após o exame | Exames de alta complexidade exigem autorização prévia |
| Internação hospitalar de urgência | Relatório médico, conta hospitalar detalhada e notas | 90 dias após a alta | A operadora pode pedir prontuário completo |

Depois do envio, a análise leva até 30 dias úteis.

## 5. Carência

Os prazos de carência contam da data de adesão, conforme o contrato.
`;

// The table's lines, found in the text (not from the parser's blocks).
const headerStart = MD.indexOf('| Tipo de atendimento');
const separatorEnd = MD.indexOf('\n', MD.indexOf('| --- |')) ;
const rowStarts = [MD.indexOf('| Consulta'), MD.indexOf('| Exames'), MD.indexOf('| Internação')];
const rowEnds = rowStarts.map((s) => MD.indexOf('\n', s));
/** The column names with the first word of the first row: when even this exceeds a cap, the one over-cap chunk is allowed. */
const smallestPair = tokenizer.count(MD.slice(headerStart, MD.indexOf(' ', rowStarts[0] + 2)));

const nonBlank = (a: number, b: number) => /\S/.test(MD.slice(a, b));
/** The chunk's text touches the header lines and none of the data rows. */
function headerOnly(c: Chunk): boolean {
  const touchesHeader = c.start < separatorEnd && c.end > headerStart && nonBlank(Math.max(c.start, headerStart), Math.min(c.end, separatorEnd));
  const touchesRow = rowStarts.some((s, i) => c.start < rowEnds[i] && c.end > s && nonBlank(Math.max(c.start, s), Math.min(c.end, rowEnds[i])));
  return touchesHeader && !touchesRow;
}

const doc = parseDocument({ id: 'manual', text: MD, format: 'markdown', meta: { language: 'pt' } });

/** Chunks `id` at every cap 16..200 with each of `settings`; checks every chunk; returns runs and over-cap chunks. */
async function checkAllCaps(id: string, settings: { header: boolean; overlap?: number; level?: number }[]): Promise<{ runs: number; overCap: number }> {
  let runs = 0;
  let overCap = 0;
  for (const { header, overlap = 0, level } of settings) {
    for (let cap = 16; cap <= 200; cap++) {
      const where = `${id} cap ${cap} header ${header} overlap ${overlap} level ${level}`;
      const params = { maxTokens: cap, header, overlap: Math.min(overlap, cap - 1), ...(level ? { level } : {}) };
      const chunks = await chunkDocument(doc, id, params, { tokenizer, embed: lexicalEmbedderFor(doc).embed });
      lintChunks(doc, chunks);
      runs++;
      for (const c of chunks) {
        expect(headerOnly(c), `${where}: ${JSON.stringify(MD.slice(c.start, c.end))}`).toBe(false);
        expect(c.flags, where).not.toContain('table-header-only');
        expect(c.tokens, `${where}: count`).toBe(tokenizer.count(c.prefix + MD.slice(c.start, c.end)));
        if (c.tokens > cap) {
          // Over the cap only on purpose, said so, and only where nothing smaller could hold the column names with data.
          expect(c.flags, where).toContain('over-cap');
          expect(smallestPair, where).toBeGreaterThan(cap);
          expect(c.start <= headerStart && c.end > rowStarts[0], where).toBe(true);
          overCap++;
        } else {
          expect(c.flags, where).not.toContain('over-cap');
        }
      }
      expect(uncovered(doc, chunks), where).toEqual([]);
    }
  }
  return { runs, overCap };
}

test('the table lines are where the test expects them', () => {
  expect(headerStart).toBeGreaterThan(0);
  expect(rowStarts.every((s) => s > separatorEnd)).toBe(true);
});

test('structure: no chunk holds only the table header, at every cap 16..200, header on/off, with overlap, at two levels', async () => {
  const settings = [false, true].flatMap((header) => [{ header, level: 2 }, { header, overlap: 16, level: 2 }, { header, level: 3 }]);
  const { runs, overCap } = await checkAllCaps('structure', settings);
  expect(runs).toBe(2 * 3 * 185);
  // The tiny caps need it; the ordinary ones never do.
  expect(overCap).toBeGreaterThan(0);
  const at100 = await chunkDocument(doc, 'structure', { maxTokens: 100, header: true }, { tokenizer });
  expect(at100.every((c) => c.tokens <= 100 && !c.flags.includes('over-cap'))).toBe(true);
});

// sentences and semantic group the same units (the header row is one): the same guarantee.
test.each(['sentences', 'semantic'])('%s: no chunk holds only the table header, at every cap 16..200, header on/off', async (id) => {
  const { runs } = await checkAllCaps(id, [{ header: false }, { header: true }]);
  expect(runs).toBe(2 * 185);
});
