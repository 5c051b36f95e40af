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

  'error.too-large': 'O arquivo é grande demais para ler aqui; divida-o em arquivos menores.',
  'error.bad-json': 'O arquivo não é um JSON válido.',
  'error.bad-field': 'Um campo do arquivo tem tipo ou valor inválido.',
  'error.no-file': 'Nenhum arquivo foi escolhido.',
  'error.unknown-format': 'Formato de conjunto de dados desconhecido (esperado: SQuAD, workspace do ChunkLab, pasta do ChunkLab ou pasta Chroma).',
  'error.results-not-dataset': 'Este é um arquivo de resultados, não um conjunto de dados: abra-o em Resultados.',
  'error.folder-manifest': 'Este é o manifesto de uma pasta do ChunkLab: escolha a pasta inteira.',
  'error.phrase-not-found': 'A frase-chave não aparece no documento.',
  'error.phrase-ambiguous': 'A frase-chave aparece mais de uma vez no documento; alongue-a até ficar única.',
  'error.unknown-document': 'A pergunta aponta para um documento que não existe no corpus.',
  'error.bad-span': 'O trecho da resposta está fora do documento ou vazio.',
  'error.filter-excludes-gold': 'O filtro de metadados da pergunta exclui o próprio documento da resposta.',

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

  'error.too-large': 'The file is too large to read here; split it into smaller files.',
  'error.bad-json': 'The file is not valid JSON.',
  'error.bad-field': 'A field of the file has an invalid type or value.',
  'error.no-file': 'No file was chosen.',
  'error.unknown-format': 'Unknown dataset format (expected: SQuAD, a ChunkLab workspace, a ChunkLab folder or a Chroma folder).',
  'error.results-not-dataset': 'This is a results file, not a dataset: open it in Results.',
  'error.folder-manifest': 'This is a ChunkLab folder manifest: choose the whole folder.',
  'error.phrase-not-found': 'The key phrase does not occur in the document.',
  'error.phrase-ambiguous': 'The key phrase occurs more than once in the document; lengthen it until it is unique.',
  'error.unknown-document': 'The question points to a document the corpus does not have.',
  'error.bad-span': 'The answer span is outside the document or empty.',
  'error.filter-excludes-gold': "The question's metadata filter excludes its own answer's document.",

  'insp.target.shown': 'The expected answer (characters {start}–{end}) is highlighted.',
  'insp.target.split': 'It is split by the start of chunk {chunks} (red marker).',
  'insp.target.whole': 'It fits whole in chunk {chunks}.',
  'insp.target.hide': 'Hide highlight',

  'ws.importFilterExcluded':
    '{count, plural, one {Question {ids} was left out: its metadata filter excludes its own answer\'s document} other {Questions {ids} were left out: the metadata filter of each excludes its own answer\'s document}} ({docs}).',
};
