// Interface text of the lessons area (lessons, sharing, workshop leaderboard), in both languages.
// Keys are prefixed "lessons.". The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'lessons.title': 'Lições',
  'lessons.intro':
    'Experimentos clássicos de chunking, prontos para rodar. Cada cartão explica o que o experimento mostra e o que observar, traz o resultado conhecido e carrega a grade na seção Experimentos.',
  'lessons.target': 'Rodar as lições em',
  'lessons.target.sample': 'Amostra ({lang})',
  'lessons.target.sampleMissing': 'A amostra em {lang} não está no espaço de trabalho: restaure as amostras na seção Espaço de trabalho.',
  'lessons.lang.pt-BR': 'português',
  'lessons.lang.en': 'inglês',
  'lessons.shows': 'O que mostra',
  'lessons.lookFor': 'O que observar',
  'lessons.known': 'Resultado conhecido',
  'lessons.sampleCaption': 'Na amostra em {lang}, com BM25 (k = 10)',
  'lessons.col.run': 'Configuração',
  'lessons.col.hit5': 'hit@5',
  'lessons.col.ctx3': 'tokens de contexto (ctx3)',
  'lessons.col.lint.orphan-heading': 'títulos órfãos',
  'lessons.col.lint.row-without-header': 'linhas sem cabeçalho',
  'lessons.col.lint.split-code': 'código partido',
  'lessons.ratio': 'O pequeno para grande devolve {ratio}× os tokens de contexto do estrutural.',
  'lessons.needsModel': 'Precisa de um modelo de embeddings (busca densa). Escolha e carregue um modelo antes de rodar; sem modelo, as execuções densas ficam de fora da grade.',
  'lessons.openInspector': 'Ver os avisos no Inspetor',
  'lessons.arm.open': 'Carregar em Experimentos',
  'lessons.arm.naive': 'Carregar braço ingênuo',
  'lessons.arm.late': 'Carregar braço tardio',
  'lessons.sharing': 'Compartilhar resultados',
  'lessons.sharingIntro': 'Salve uma execução como arquivo, abra arquivos de outras pessoas e compare vários lado a lado num placar de workshop.',

  'lessons.size-sweep.title': 'Tamanho do chunk: 64, 128, 256 e 512 tokens',
  'lessons.size-sweep.shows':
    'O mesmo divisor (recursivo) em quatro tamanhos. Chunks maiores contêm a resposta inteira com mais frequência, mas cada resultado entrega mais texto ao modelo que vai ler.',
  'lessons.size-sweep.lookFor':
    'Compare o hit@5 com o ctx3 (tokens dos 3 primeiros resultados). A partir de que tamanho o ganho de acerto deixa de compensar o contexto a mais? Veja também se os intervalos de confiança se sobrepõem.',
  'lessons.size-sweep.known':
    'Não existe um tamanho vencedor: depende das perguntas, dos documentos e do modelo. O relatório da Chroma sobre avaliação de chunking (2024) encontrou diferenças de até 9% de recall entre configurações e sugeriu uns 200 tokens, sem sobreposição, como ponto de partida.',

  'lessons.strategies.title': 'Estratégias lado a lado',
  'lessons.strategies.shows':
    'Seis estratégias com o mesmo teto de 128 tokens: corte fixo, recursivo, por frases, por estrutura (títulos, tabelas, código), janela de frases e pequeno para grande.',
  'lessons.strategies.lookFor':
    'Quem respeita fronteiras naturais (frases, seções) parte menos respostas ao meio. Em Resultados, abra as perguntas perdidas por “resposta dividida” para ver onde o corte fixo partiu o trecho.',
  'lessons.strategies.known':
    'Respeitar a estrutura do texto costuma ajudar mais do que trocar de algoritmo “inteligente”. Estratégias que devolvem mais texto (janela, pequeno para grande) pagam em tokens; se acertam mais depende do corpus, como mostra a linha abaixo da tabela.',

  'lessons.overlap.title': 'Sobreposição: 0, 10% e 25%',
  'lessons.overlap.shows':
    'Sobreposição de 0, 13 e 32 tokens (0, 10% e 25% de 128) no corte fixo e no recursivo: o fim de um chunk se repete no começo do seguinte.',
  'lessons.overlap.lookFor':
    'A sobreposição socorre sobretudo o corte fixo, que parte frases. Num divisor que já respeita fronteiras o ganho é pequeno, e o índice cresce (mais chunks, texto repetido).',
  'lessons.overlap.known':
    'O relatório da Chroma (2024) mediu que a sobreposição piora o IoU, porque o mesmo texto volta repetido nos resultados, e recomendou começar sem sobreposição.',

  'lessons.context.title': 'Quando a pergunta depende do título da seção',
  'lessons.context.setName': 'Perguntas que dependem do título ({corpus})',
  'lessons.context.shows':
    'Perguntas sobre notas de versão em que a versão ou a data aparece só no título da seção (“O que a versão de fevereiro de 2026 corrigiu?”). O chunk cortado debaixo do título não tem essas palavras; o cabeçalho de contexto as devolve a ele.',
  'lessons.context.lookFor':
    'Compare o cabeçalho desligado e ligado no recursivo e no estrutural: aqui o cabeçalho é o que liga a pergunta ao chunk certo. A recuperação contextual (uma frase gerada por chunk) e o late chunking (o vetor do chunk lido com o documento inteiro) atacam o mesmo problema; rode-os com um modelo nesta mesma pergunta.',
  'lessons.context.known':
    'São 8 perguntas (conjunto “contexto” da amostra): poucas para um veredito, o bastante para ver o mecanismo. A tabela e as frases abaixo dela vêm das execuções desta amostra.',
  'lessons.header.title': 'Cabeçalho de contexto ligado e desligado',
  'lessons.header.shows':
    'Um cabeçalho “Documento > Seção” antes de cada chunk, no recursivo e no estrutural. Ele dá ao chunk palavras que o texto não tem, como o título da seção.',
  'lessons.header.lookFor':
    'O cabeçalho ocupa tokens do teto (mais chunks) e se repete em todos os chunks da mesma seção, o que pode confundir o BM25. Compare hit@1, hit@5 e o número de chunks.',
  'lessons.header.known':
    'O efeito depende do corpus (veja abaixo da tabela o que ele fez nesta amostra). A mesma ideia de situar o chunk no documento está na recuperação contextual da Anthropic (2024), que gera uma frase de contexto por chunk e reduziu em 49% as falhas de recuperação quando combinada com BM25.',

  'lessons.small-to-big.title': 'Pequeno para grande e janela de frases',
  'lessons.small-to-big.shows':
    'Indexar pedaços pequenos e devolver um trecho maior: o pequeno para grande busca por chunks filhos e devolve a seção pai; a janela de frases busca frase a frase e devolve as vizinhas.',
  'lessons.small-to-big.lookFor':
    'O hit@5 sobe, mas olhe o ctx3: o leitor recebe muito mais texto. Compare esse custo com o de simplesmente usar chunks maiores (lição do tamanho).',
  'lessons.small-to-big.known':
    'Busca precisa com contexto generoso: funciona bem quando a resposta está perto do trecho encontrado, ao preço de mais tokens por pergunta.',

  'lessons.tables-code.title': 'Tabelas e código',
  'lessons.tables-code.shows':
    'Documentos com tabelas e blocos de código. O divisor estrutural repete a linha de cabeçalho da tabela e não parte código que cabe no teto; o corte fixo não sabe o que é uma tabela.',
  'lessons.tables-code.lookFor':
    'Veja os avisos no Inspetor: títulos órfãos (o título num chunk, o texto no seguinte), linhas de tabela sem cabeçalho e código partido. Código maior que o teto ainda precisa ser cortado.',
  'lessons.tables-code.known':
    'Linhas de tabela sem cabeçalho perdem o significado das colunas; um título separado do seu texto vira um chunk que não responde nada.',

  'lessons.late-vs-naive.title': 'Chunking tardio vs. ingênuo',
  'lessons.late-vs-naive.shows':
    'No chunking tardio (late chunking) o documento inteiro passa pelo modelo de uma vez e o vetor de cada chunk é a média dos vetores dos seus tokens, que já “viram” o resto do documento. No ingênuo, cada chunk é embutido sozinho.',
  'lessons.late-vs-naive.lookFor':
    'Ganham as perguntas cuja resposta depende de algo dito antes: um pronome, o nome do produto que só aparece no título. Compare, pergunta a pergunta, o que cada braço acerta.',
  'lessons.late-vs-naive.known':
    'Günther et al. (Jina AI, 2024) relataram ganhos de recuperação com o chunking tardio em conjuntos do BEIR, maiores com documentos mais longos. Requer um modelo que aceite o documento inteiro (contexto longo).',

  'lessons.dilution.title': 'Diluição do vetor',
  'lessons.dilution.shows':
    'Um vetor por chunk resume todo o texto do chunk. Quanto maior o chunk, mais assuntos se misturam e menos o vetor se parece com uma pergunta sobre um detalhe.',
  'lessons.dilution.lookFor':
    'Com busca densa o acerto tende a parar de subir (ou cair) quando o chunk cresce, enquanto o BM25 continua ganhando com chunks maiores. Compare as duas curvas na mesma grade.',
  'lessons.dilution.known':
    'É uma das motivações do pequeno para grande e do chunking tardio: buscar com unidades pequenas e focadas, e entregar contexto de outra forma.',

  // Sharing
  'lessons.share.title': 'Compartilhar',
  'lessons.share.save': 'Salvar execução como arquivo',
  'lessons.share.run': 'Execução',
  'lessons.share.noRuns': 'Nenhuma execução salva ainda. Rode uma grade em Experimentos ou uma configuração abaixo.',
  'lessons.share.author': 'Autor (opcional, vai no arquivo)',
  'lessons.share.saveButton': 'Salvar arquivo de resultados',
  'lessons.share.saved': 'Arquivo salvo: {name}',
  'lessons.share.config': 'Corpus e configuração',
  'lessons.share.corpus': 'Corpus',
  'lessons.share.questions': 'Perguntas',
  'lessons.share.noQuestions': 'Este corpus não tem perguntas',
  'lessons.share.chunker': 'Estratégia',
  'lessons.share.maxTokens': 'Teto (tokens)',
  'lessons.share.overlap': 'Sobreposição (tokens)',
  'lessons.share.header': 'Cabeçalho de contexto',
  'lessons.share.runButton': 'Rodar com BM25 e salvar a execução',
  'lessons.share.running': 'Rodando: {stage} {pct}%',
  'lessons.share.ran': 'Execução pronta: hit@5 {hit5}. Ela já aparece na lista acima.',
  'lessons.share.chunksButton': 'Exportar chunks (JSONL)',
  'lessons.share.chunksHelp': 'Uma linha JSON por chunk: docId, start, end, text (o trecho exato do documento) e prefix, para carregar num banco vetorial.',
  'lessons.share.chunksDone': '{count, plural, one {# chunk} other {# chunks}} exportados em {name}',
  'lessons.share.workspace': 'Exportar o espaço de trabalho',
  'lessons.share.workspaceHelp': 'Todos os corpora e perguntas num arquivo que outra pessoa pode importar.',
  'lessons.share.cancel': 'Cancelar',
  'lessons.share.cancelled': 'Cancelado.',
  'lessons.share.error': 'Não deu certo: {message}',
  'lessons.share.badNumber': 'O teto precisa ser um número inteiro maior que zero e a sobreposição menor que o teto.',

  // Leaderboard
  'lessons.lb.title': 'Placar do workshop',
  'lessons.lb.help':
    'Abra um ou vários arquivos de resultados (os seus ou os da turma). As métricas são recalculadas a partir dos chunks e rankings de cada arquivo; os números gravados nele não são levados em conta.',
  'lessons.lb.open': 'Abrir arquivos de resultados',
  'lessons.lb.openFolder': 'Abrir uma pasta de resultados (a turma)',
  'lessons.lb.duplicates': '{count, plural, one {# arquivo repetido deixado de fora} other {# arquivos repetidos deixados de fora}} (a mesma execução conta uma vez)',
  'lessons.lb.reading': 'Lendo {count, plural, one {# arquivo} other {# arquivos}}…',
  'lessons.lb.clear': 'Limpar o placar',
  'lessons.lb.rejected': '{file} foi recusado: {message}',
  'lessons.lb.notComparable':
    'Estes arquivos foram avaliados em {groups} conjuntos de perguntas diferentes (coluna “Perguntas”). Só compare posições dentro do mesmo conjunto.',
  'lessons.lb.empty': 'Nenhum arquivo aberto.',
  'lessons.lb.col.place': 'Posição',
  'lessons.lb.col.set': 'Perguntas',
  'lessons.lb.col.name': 'Arquivo / autor',
  'lessons.lb.col.config': 'Configuração',
  'lessons.lb.col.hit5': 'hit@5 (IC 95%)',
  'lessons.lb.col.hit1': 'hit@1',
  'lessons.lb.col.mrr': 'MRR',
  'lessons.lb.col.ctx3': 'ctx3',
  'lessons.lb.col.chunks': 'chunks',
  'lessons.lb.col.questions': 'nº perguntas',
  'lessons.lb.setLabel': 'conjunto {group}',
  'lessons.lb.details': 'Detalhes',
  'lessons.lb.hide': 'Ocultar detalhes',
  'lessons.lb.remove': 'Remover',
  'lessons.lb.detailsOf': 'Detalhes de {name}',
  'lessons.lb.configJson': 'Configuração gravada no arquivo',
  'lessons.lb.q.id': 'Id',
  'lessons.lb.q.text': 'Pergunta',
  'lessons.lb.q.gold': 'Trecho esperado',
  'lessons.lb.q.rank': 'Posição',
  'lessons.lb.q.miss': 'Motivo da perda',
  'lessons.lb.q.none': '—',
  'lessons.lb.showing': 'Mostrando {shown} de {total, plural, one {# pergunta} other {# perguntas}}.',
  'lessons.lb.showAll': 'Mostrar todas',
  'lessons.lb.skipped': '{count, plural, one {# pergunta do conjunto original não pôde ser avaliada} other {# perguntas do conjunto original não puderam ser avaliadas}}.',
  'lessons.lb.miss.split': 'resposta dividida',
  'lessons.lb.miss.below-k': 'abaixo do top 5',
  'lessons.lb.miss.not-retrieved': 'não recuperada',
  'lessons.baselines.title': 'O seu divisor de hoje contra os do ChunkLab',
  'lessons.baselines.shows':
    'Os divisores que muitos pipelines já usam, com o código das próprias bibliotecas (RecursiveCharacterTextSplitter do LangChain, RecursiveChunker do chonkie, SentenceSplitter do LlamaIndex), medidos no mesmo tokenizador e com o mesmo teto de 128 tokens, ao lado do recursivo e do estrutural do ChunkLab.',
  'lessons.baselines.lookFor':
    'A diferença em hit@5 entre o divisor que você usa hoje e o melhor do ChunkLab, e o intervalo: com poucas perguntas, uma diferença de 3 pontos pode ser acaso. Compare também os tokens de contexto (ctx3): ganhar devolvendo mais texto não é o mesmo que cortar melhor.',
  'lessons.baselines.known':
    'Na avaliação da Chroma (2024), o divisor recursivo com 200 tokens e sem sobreposição foi um ponto de partida sólido. Mudar de divisor raramente muda tudo; respeitar títulos, tabelas e código costuma ajudar mais do que trocar de biblioteca.',
  'lessons.generated-vs-human.title': 'Perguntas geradas: dá para confiar?',
  'lessons.generated-vs-human.shows':
    'As mesmas configurações avaliadas com as perguntas escritas por pessoas e com perguntas geradas por um modelo, e quanto as duas ordens concordam (τ-b de Kendall, com intervalo de confiança), com os pares de configurações que elas ordenam ao contrário.',
  'lessons.generated-vs-human.lookFor':
    'Se o intervalo fica bem acima de zero e se a melhor configuração é a mesma. Perguntas geradas que repetem as palavras do texto ficam fáceis demais: quase toda configuração acerta, e elas deixam de separar as boas das ruins.',
  'lessons.generated-vs-human.known':
    'No ChunkLab, perguntas "geradas" copiando frases da amostra em inglês (sem modelo, só para o teste) ordenaram as 12 configurações da grade padrão com τ-b 0,29 (intervalo de 95% de 0,21 a 0,43, reamostrando documentos): 9 das 12 acertaram todas (hit@5 = 1). Os números deste cartão saem das suas próprias perguntas.',
  'lessons.scope.title': 'Escopo: buscar no corpus ou dentro de um documento',
  'lessons.scope.shows': 'As mesmas divisões avaliadas duas vezes: buscando em todo o corpus e buscando só entre os trechos do documento da resposta (como quem já abriu o documento certo e procura nele).',
  'lessons.scope.lookFor': 'Se a configuração que vence no corpus também vence dentro do documento. Trechos pequenos e precisos podem perder no corpus (parecem com trechos de outros documentos) e ganhar quando o documento já é o certo.',
  'lessons.scope.known': 'Um estudo de 2026 (SIGIR, "Beyond chunk-then-embed") viu vencedores diferentes nos dois escopos. Os números abaixo são calculados pelas execuções deste cartão, não digitados.',
  'lessons.scope.none': 'Rode a grade (botão abaixo): os números aparecem aqui, calculados dos resultados salvos nos dois escopos.',
  'lessons.scope.caption': 'Configurações rodadas nos dois escopos ({n, plural, one {# pergunta} other {# perguntas}})',
  'lessons.scope.col.corpus': '{metric} corpus',
  'lessons.scope.col.document': '{metric} documento',
  'lessons.scope.flip': 'Nestes resultados, "{a}" vence "{b}" no corpus ({metric} {ac} contra {bc}) e perde dentro do documento ({ad} contra {bd}): a ordem se inverte por pelo menos {margin, plural, one {# pergunta} other {# perguntas}}. Veja o teste pareado em Resultados antes de generalizar.',
  'lessons.scope.noFlip': 'Nestes resultados nenhuma das {n} configurações inverte de posição entre os escopos (hit@1 e hit@5): a ordem medida no corpus vale também dentro do documento.',
} as const;

export const en: Record<keyof typeof pt, string> = {
  'lessons.title': 'Lessons',
  'lessons.intro':
    'Classic chunking experiments, ready to run. Each card explains what the experiment shows and what to look for, gives the known result, and loads the grid into the Experiments section.',
  'lessons.target': 'Run the lessons on',
  'lessons.target.sample': 'Sample ({lang})',
  'lessons.target.sampleMissing': 'The {lang} sample is not in the workspace: restore the samples in the Workspace section.',
  'lessons.lang.pt-BR': 'Portuguese',
  'lessons.lang.en': 'English',
  'lessons.shows': 'What it shows',
  'lessons.lookFor': 'What to look for',
  'lessons.known': 'Known result',
  'lessons.sampleCaption': 'On the {lang} sample, with BM25 (k = 10)',
  'lessons.col.run': 'Configuration',
  'lessons.col.hit5': 'hit@5',
  'lessons.col.ctx3': 'context tokens (ctx3)',
  'lessons.col.lint.orphan-heading': 'orphan headings',
  'lessons.col.lint.row-without-header': 'header-less rows',
  'lessons.col.lint.split-code': 'split code',
  'lessons.ratio': 'small-to-big returns {ratio}× the context tokens of structure.',
  'lessons.needsModel': 'Needs an embedding model (dense retrieval). Choose and load a model before running; without one, the dense runs are left out of the grid.',
  'lessons.openInspector': 'See the warnings in the Inspector',
  'lessons.arm.open': 'Load in Experiments',
  'lessons.arm.naive': 'Load the naive arm',
  'lessons.arm.late': 'Load the late arm',
  'lessons.sharing': 'Share results',
  'lessons.sharingIntro': 'Save a run as a file, open other people’s files, and compare several side by side in a workshop leaderboard.',

  'lessons.size-sweep.title': 'Chunk size: 64, 128, 256 and 512 tokens',
  'lessons.size-sweep.shows':
    'The same splitter (recursive) at four sizes. Bigger chunks hold the whole answer more often, but every result hands more text to the model that reads it.',
  'lessons.size-sweep.lookFor':
    'Compare hit@5 with ctx3 (tokens of the first 3 results). From which size on does the extra accuracy stop paying for the extra context? Check whether the confidence intervals overlap, too.',
  'lessons.size-sweep.known':
    'There is no winning size: it depends on the questions, the documents and the model. Chroma’s report on evaluating chunking (2024) found recall differences of up to 9% between configurations and suggested about 200 tokens, no overlap, as a starting point.',

  'lessons.strategies.title': 'Strategies side by side',
  'lessons.strategies.shows':
    'Six strategies under the same 128-token cap: fixed cuts, recursive, sentences, structure (headings, tables, code), sentence window and small-to-big.',
  'lessons.strategies.lookFor':
    'Strategies that respect natural boundaries (sentences, sections) split fewer answers in two. In Results, open the questions lost to a “split answer” to see where fixed cuts broke the passage.',
  'lessons.strategies.known':
    'Respecting the text’s structure usually helps more than switching to a “smarter” algorithm. Strategies that return more text (window, small-to-big) pay for it in tokens; whether they hit more depends on the corpus, as the line under the table shows.',

  'lessons.overlap.title': 'Overlap: 0, 10% and 25%',
  'lessons.overlap.shows':
    'Overlaps of 0, 13 and 32 tokens (0, 10% and 25% of 128) with fixed cuts and with recursive: the end of a chunk is repeated at the start of the next.',
  'lessons.overlap.lookFor':
    'Overlap mostly rescues fixed cuts, which break sentences. With a splitter that already respects boundaries the gain is small, and the index grows (more chunks, repeated text).',
  'lessons.overlap.known':
    'Chroma’s report (2024) measured that overlap lowers IoU, because the same text comes back repeated in the results, and recommended starting with no overlap.',

  'lessons.context.title': 'When the question needs the section title',
  'lessons.context.setName': 'Questions that need the heading ({corpus})',
  'lessons.context.shows':
    'Questions about release notes whose version or date appears only in the section heading (“What did the December 3, 2025 release fix?”). A chunk cut from under its heading lacks those words; the context header gives them back.',
  'lessons.context.lookFor':
    'Compare the header off and on with recursive and with structure: here the header is what links the question to the right chunk. Contextual retrieval (a generated sentence per chunk) and late chunking (the chunk vector read with the whole document) attack the same problem; run them with a model on these same questions.',
  'lessons.context.known':
    'There are 8 questions (the sample’s “context” set): too few for a verdict, enough to see the mechanism. The table and the sentences under it come from this sample’s runs.',
  'lessons.header.title': 'Context header on and off',
  'lessons.header.shows':
    'A “Document > Section” header before every chunk, with recursive and with structure. It gives the chunk words its text lacks, such as the section title.',
  'lessons.header.lookFor':
    'The header uses tokens of the cap (more chunks) and repeats in every chunk of a section, which can confuse BM25. Compare hit@1, hit@5 and the number of chunks.',
  'lessons.header.known':
    'The effect depends on the corpus (see under the table what it did on this sample). The same idea of situating a chunk in its document is behind Anthropic’s contextual retrieval (2024), which writes a context sentence per chunk and cut failed retrievals by 49% when combined with BM25.',

  'lessons.small-to-big.title': 'Small-to-big and sentence windows',
  'lessons.small-to-big.shows':
    'Index small pieces, return a bigger passage: small-to-big searches child chunks and returns the parent section; the sentence window searches sentence by sentence and returns the neighbours.',
  'lessons.small-to-big.lookFor':
    'hit@5 goes up, but look at ctx3: the reader gets much more text. Compare that cost with simply using bigger chunks (the size lesson).',
  'lessons.small-to-big.known':
    'Precise search with generous context: it works well when the answer sits near the matched passage, at the price of more tokens per question.',

  'lessons.tables-code.title': 'Tables and code',
  'lessons.tables-code.shows':
    'Documents with tables and code blocks. The structure splitter repeats a table’s header row and does not split code that fits the cap; fixed cuts do not know what a table is.',
  'lessons.tables-code.lookFor':
    'Check the warnings in the Inspector: orphan headings (the heading in one chunk, its text in the next), table rows without their header, and split code. Code longer than the cap still has to be cut.',
  'lessons.tables-code.known':
    'Table rows without their header lose what the columns mean; a heading cut off from its text becomes a chunk that answers nothing.',

  'lessons.late-vs-naive.title': 'Late vs. naive chunking',
  'lessons.late-vs-naive.shows':
    'In late chunking the whole document goes through the model at once and each chunk’s vector is the mean of its tokens’ vectors, which have already “seen” the rest of the document. In naive chunking each chunk is embedded alone.',
  'lessons.late-vs-naive.lookFor':
    'Questions whose answer depends on something said earlier gain most: a pronoun, a product name that only appears in the title. Compare, question by question, what each arm gets right.',
  'lessons.late-vs-naive.known':
    'Günther et al. (Jina AI, 2024) reported retrieval gains from late chunking on BEIR datasets, larger with longer documents. It needs a model that takes the whole document (long context).',

  'lessons.dilution.title': 'Vector dilution',
  'lessons.dilution.shows':
    'One vector per chunk sums up all of the chunk’s text. The bigger the chunk, the more topics get mixed in and the less the vector looks like a question about one detail.',
  'lessons.dilution.lookFor':
    'With dense retrieval accuracy tends to stop rising (or fall) as chunks grow, while BM25 keeps gaining from bigger chunks. Compare both curves in the same grid.',
  'lessons.dilution.known':
    'It is one of the reasons for small-to-big and late chunking: search with small, focused units, and deliver context another way.',

  'lessons.share.title': 'Share',
  'lessons.share.save': 'Save a run as a file',
  'lessons.share.run': 'Run',
  'lessons.share.noRuns': 'No saved runs yet. Run a grid in Experiments, or one configuration below.',
  'lessons.share.author': 'Author (optional, stored in the file)',
  'lessons.share.saveButton': 'Save results file',
  'lessons.share.saved': 'File saved: {name}',
  'lessons.share.config': 'Corpus and configuration',
  'lessons.share.corpus': 'Corpus',
  'lessons.share.questions': 'Questions',
  'lessons.share.noQuestions': 'This corpus has no questions',
  'lessons.share.chunker': 'Strategy',
  'lessons.share.maxTokens': 'Cap (tokens)',
  'lessons.share.overlap': 'Overlap (tokens)',
  'lessons.share.header': 'Context header',
  'lessons.share.runButton': 'Run with BM25 and save the run',
  'lessons.share.running': 'Running: {stage} {pct}%',
  'lessons.share.ran': 'Run ready: hit@5 {hit5}. It is now in the list above.',
  'lessons.share.chunksButton': 'Export chunks (JSONL)',
  'lessons.share.chunksHelp': 'One JSON line per chunk: docId, start, end, text (the document’s exact passage) and prefix, to load into a vector database.',
  'lessons.share.chunksDone': '{count, plural, one {# chunk} other {# chunks}} exported to {name}',
  'lessons.share.workspace': 'Export the workspace',
  'lessons.share.workspaceHelp': 'Every corpus and question set in one file someone else can import.',
  'lessons.share.cancel': 'Cancel',
  'lessons.share.cancelled': 'Cancelled.',
  'lessons.share.error': 'That did not work: {message}',
  'lessons.share.badNumber': 'The cap must be a whole number above zero, and the overlap smaller than the cap.',

  'lessons.lb.title': 'Workshop leaderboard',
  'lessons.lb.help':
    'Open one or several results files (yours or the class’s). Metrics are recomputed from each file’s own chunks and rankings; the numbers stored in it are not trusted.',
  'lessons.lb.open': 'Open results files',
  'lessons.lb.openFolder': "Open a folder of results (the class's)",
  'lessons.lb.duplicates': '{count, plural, one {# repeated file left out} other {# repeated files left out}} (the same run counts once)',
  'lessons.lb.reading': 'Reading {count, plural, one {# file} other {# files}}…',
  'lessons.lb.clear': 'Clear the leaderboard',
  'lessons.lb.rejected': '{file} was refused: {message}',
  'lessons.lb.notComparable':
    'These files were evaluated on {groups} different question sets (“Questions” column). Only compare places within the same set.',
  'lessons.lb.empty': 'No file open.',
  'lessons.lb.col.place': 'Place',
  'lessons.lb.col.set': 'Questions',
  'lessons.lb.col.name': 'File / author',
  'lessons.lb.col.config': 'Configuration',
  'lessons.lb.col.hit5': 'hit@5 (95% CI)',
  'lessons.lb.col.hit1': 'hit@1',
  'lessons.lb.col.mrr': 'MRR',
  'lessons.lb.col.ctx3': 'ctx3',
  'lessons.lb.col.chunks': 'chunks',
  'lessons.lb.col.questions': 'no. of questions',
  'lessons.lb.setLabel': 'set {group}',
  'lessons.lb.details': 'Details',
  'lessons.lb.hide': 'Hide details',
  'lessons.lb.remove': 'Remove',
  'lessons.lb.detailsOf': 'Details of {name}',
  'lessons.lb.configJson': 'Configuration stored in the file',
  'lessons.lb.q.id': 'Id',
  'lessons.lb.q.text': 'Question',
  'lessons.lb.q.gold': 'Expected passage',
  'lessons.lb.q.rank': 'Rank',
  'lessons.lb.q.miss': 'Why it was missed',
  'lessons.lb.q.none': '—',
  'lessons.lb.showing': 'Showing {shown} of {total, plural, one {# question} other {# questions}}.',
  'lessons.lb.showAll': 'Show all',
  'lessons.lb.skipped': '{count, plural, one {# question} other {# questions}} of the original set could not be evaluated.',
  'lessons.lb.miss.split': 'split answer',
  'lessons.lb.miss.below-k': 'below the top 5',
  'lessons.lb.miss.not-retrieved': 'not retrieved',
  'lessons.baselines.title': 'Your current splitter vs ChunkLab\'s',
  'lessons.baselines.shows':
    "The splitters many pipelines already run, with the libraries' own code (LangChain's RecursiveCharacterTextSplitter, chonkie's RecursiveChunker, LlamaIndex's SentenceSplitter), sized in the same tokenizer with the same 128-token cap, beside ChunkLab's recursive and structure chunkers.",
  'lessons.baselines.lookFor':
    'The hit@5 gap between the splitter you run today and the best of ChunkLab, and its interval: with few questions a 3-point gap can be chance. Compare the context tokens too (ctx3): winning by returning more text is not the same as cutting better.',
  'lessons.baselines.known':
    "In Chroma's evaluation (2024), the recursive splitter at 200 tokens with no overlap was a solid starting point. Changing splitter rarely changes everything; respecting headings, tables and code tends to help more than switching libraries.",
  'lessons.generated-vs-human.title': 'Generated questions: can you trust them?',
  'lessons.generated-vs-human.shows':
    "The same configurations evaluated with questions written by people and with questions a model generated, and how far the two orders agree (Kendall's τ-b, with a confidence interval), with the pairs of configurations they order the other way round.",
  'lessons.generated-vs-human.lookFor':
    'Whether the interval stays well above zero, and whether the best configuration is the same. Generated questions that repeat the words of the text are too easy: almost every configuration gets them, and they stop telling good from bad.',
  'lessons.generated-vs-human.known':
    'In ChunkLab, questions "generated" by copying sentences of the English sample (no model, only for the test) ranked the default grid\'s 12 configurations with τ-b 0.29 (95% interval 0.21 to 0.43, resampling documents): 9 of the 12 got every one of them (hit@5 = 1). The numbers on this card come from your own questions.',
  'lessons.scope.title': 'Scope: searching the corpus or inside one document',
  'lessons.scope.shows': "The same chunkings evaluated twice: searching the whole corpus, and searching only among the chunks of the answer's document (like someone who already opened the right document and searches in it).",
  'lessons.scope.lookFor': 'Whether the configuration that wins across the corpus also wins inside the document. Small, precise chunks can lose across the corpus (they look like chunks of other documents) and win once the document is the right one.',
  'lessons.scope.known': "A 2026 study (SIGIR, \"Beyond chunk-then-embed\") found different winners in the two scopes. The numbers below are computed by this card's runs, not typed.",
  'lessons.scope.none': 'Run the grid (button below): the numbers appear here, computed from the results saved in both scopes.',
  'lessons.scope.caption': 'Configurations run in both scopes ({n, plural, one {# question} other {# questions}})',
  'lessons.scope.col.corpus': '{metric} corpus',
  'lessons.scope.col.document': '{metric} document',
  'lessons.scope.flip': 'In these results, "{a}" beats "{b}" across the corpus ({metric} {ac} vs {bc}) and loses inside the document ({ad} vs {bd}): the order flips by at least {margin, plural, one {# question} other {# questions}}. Check the paired test in Results before generalising.',
  'lessons.scope.noFlip': 'In these results none of the {n} configurations changes place between the scopes (hit@1 and hit@5): the order measured across the corpus holds inside the document too.',
};
