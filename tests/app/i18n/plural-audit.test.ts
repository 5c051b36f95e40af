// Every count the page shows agrees with its number, in both languages: each message is rendered
// through the i18n layer's plural blocks with every placeholder set to 1, and no "1 <plural noun>"
// may come out ("1 chunks", "1 documentos"). A message whose count is written as a bare {n} before a
// plural noun fails here until it uses a plural block. The few listed below hold numbers that are
// never 1 (a threshold, a size limit, two sets at once), each with its reason. Token counts are left
// out: they are sizes, caps and budgets ("até 512 tokens"), never a single token.
import { expect, test } from 'vitest';
import { ptBR } from '../../../src/app/i18n/pt-BR.ts';
import { en } from '../../../src/app/i18n/en.ts';
import { plurals } from '../../../src/app/i18n/plural.ts';

const PLURAL_NOUN =
  /(?<![\d.,])\b1 (chunks|trechos|documentos|documents|perguntas|questions|execuções|runs|arquivos|files|respostas|answers|chamadas|calls|textos|texts|frases|sentences|janelas|windows|cortes|cuts|fronteiras|gaps|linhas|lines|sessões|sessions|modelos|models|embeddings|grupos|groups|conjuntos|sets|configurações|configurations|pastas|folders|passages|páginas|pages|lições|lessons|itens|items|tabelas|tables|títulos|headings|erros|errors|resultados|results|mostradas|revisadas|salvas|aceitas|rejeitadas|geradas|passam)\b/;

const NEVER_ONE: Record<string, string> = {
  'lessons.lb.notComparable': 'shown only when the files hold two or more question sets',
  'lessons.scope.noFlip': 'compares the places of two or more configurations',
  'docs.fix.showAll': 'offered only past the number of lines shown at first',
  'docs.tooMany': 'the folder size limit',
  'perdoc.tooFew': 'the smallest number of questions a document needs to be split (more than 1)',
  'agreement.unit.document': 'two sets of documents named together ("3 e 4 documentos")',
  'agreement.unit.question': 'two sets of questions named together',
  'error.cors-blocked': 'a URL before "answers" (the server answers), not a count',
};

function withOnes(msg: string, lang: string): string {
  const names = new Set([...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]));
  const params = Object.fromEntries([...names].map((n) => [n, 1]));
  return plurals(msg, params, lang).replace(/\{(\w+)\}/g, (m, n: string) => (n in params ? '1' : m));
}

test.each([
  ['pt-BR', ptBR],
  ['en', en],
] as const)('no message in %s says "1" before a plural noun', (lang, dict) => {
  const wrong = Object.entries(dict)
    .filter(([k]) => !(k in NEVER_ONE))
    .map(([k, msg]) => [k, withOnes(String(msg), lang)] as const)
    .filter(([, out]) => PLURAL_NOUN.test(out))
    .map(([k, out]) => `${k}: ${out}`);
  expect(wrong).toEqual([]);
});

test('the same messages read in the plural for other numbers (the check above renders real text)', () => {
  expect(withOnes(ptBR['search.summary'], 'pt-BR')).toBe('1 resultado · 1 chunk indexado, 1 passa no filtro');
  expect(plurals(en['perdoc.runs'], { n: 3, q: 1, d: 2 }, 'en')).toBe('3 runs with the same 1 question, 2 documents.');
  expect(plurals(ptBR['perdoc.runs'], { n: 1, q: 12, d: 1 }, 'pt-BR')).toBe('1 execução com as mesmas 12 perguntas, 1 documento.');
});

test('the never-one list names only messages that exist', () => {
  for (const k of Object.keys(NEVER_ONE)) expect(k in ptBR, k).toBe(true);
});
