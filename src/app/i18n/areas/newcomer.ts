// Interface text of what a newcomer meets first: the first-visit guide and help button, links from
// empty states, the inspector's handed-over answer, import warnings and translated engine errors.
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'guide.title': 'Primeiros passos',
  'guide.intro': 'Três passos para ver o que o chunking muda na busca. As amostras já estão no espaço de trabalho.',
  'guide.dismiss': 'Entendi, fechar o guia',
  'guide.help': 'Ajuda',
  'guide.cuts.title': 'Veja os cortes',
  'guide.cuts.text': 'No inspetor, escolha uma estratégia e veja onde cada chunk começa, quantos tokens tem e o que ele parte ao meio.',
  'guide.grid.title': 'Rode uma grade',
  'guide.grid.text': 'Em Experimentos, combine estratégias, tamanhos e buscadores e avalie todas contra as perguntas do corpus.',
  'guide.results.title': 'Leia os resultados',
  'guide.results.text': 'Em Resultados, compare acertos com intervalos, veja as perguntas perdidas e abra cada uma no inspetor.',
  'guide.next.workspace': 'Adicionar documentos no espaço de trabalho',
  'guide.next.questions': 'Escrever perguntas',
  'guide.next.cuts': 'Ver os cortes no inspetor',
  'guide.next.grid': 'Rodar uma grade em Experimentos',
  'guide.next.results': 'Ler os resultados',

  'models.needsPicking': 'escolha a pasta de novo',

  'insp.target.shown': 'A resposta esperada (caracteres {start}–{end}) está destacada.',
  'insp.target.split': 'Ela é partida pelo início do chunk {chunks} (marca em vermelho).',
  'insp.target.whole': 'Ela cabe inteira no chunk {chunks}.',
  'insp.target.hide': 'Esconder destaque',

  'ws.importFilterExcluded':
    '{count, plural, one {A pergunta {ids} ficou de fora: o filtro de metadados dela exclui o próprio documento da resposta} other {As perguntas {ids} ficaram de fora: o filtro de metadados de cada uma exclui o próprio documento da resposta}} ({docs}).',
};

export const en: Record<keyof typeof pt, string> = {
  'guide.title': 'First steps',
  'guide.intro': 'Three steps to see what chunking changes in retrieval. The samples are already in the workspace.',
  'guide.dismiss': 'Got it, close the guide',
  'guide.help': 'Help',
  'guide.cuts.title': 'Look at the cuts',
  'guide.cuts.text': 'In the inspector, pick a strategy and see where each chunk starts, how many tokens it holds and what it splits.',
  'guide.grid.title': 'Run a grid',
  'guide.grid.text': 'In Experiments, combine strategies, sizes and retrievers and evaluate them all against the corpus questions.',
  'guide.results.title': 'Read the results',
  'guide.results.text': 'In Results, compare hit rates with intervals, see the missed questions and open each one in the inspector.',
  'guide.next.workspace': 'Add documents in the workspace',
  'guide.next.questions': 'Write questions',
  'guide.next.cuts': 'See the cuts in the inspector',
  'guide.next.grid': 'Run a grid in Experiments',
  'guide.next.results': 'Read the results',

  'models.needsPicking': 'pick the folder again',

  'insp.target.shown': 'The expected answer (characters {start}–{end}) is highlighted.',
  'insp.target.split': 'It is split by the start of chunk {chunks} (red marker).',
  'insp.target.whole': 'It fits whole in chunk {chunks}.',
  'insp.target.hide': 'Hide highlight',

  'ws.importFilterExcluded':
    '{count, plural, one {Question {ids} was left out: its metadata filter excludes its own answer\'s document} other {Questions {ids} were left out: the metadata filter of each excludes its own answer\'s document}} ({docs}).',
};
