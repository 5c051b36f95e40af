// Course packs (src/app/pack): export, open, the question asked before anything changes.
// The Portuguese object defines the keys; the English one is typed against it.
export const pt = {
  'pack.export': 'Exportar pacote do curso',
  'pack.exportTitle': 'Título do pacote (os alunos o veem ao abrir)',
  'pack.exportHint': 'Um arquivo com o corpus aberto, as perguntas dele, a grade de experimentos atual e o idioma. Publique-o ao lado da página e mande o link com ?pack=nome.json.',
  'pack.confirm':
    'Abrir o pacote "{title}"? Ele ACRESCENTA {corpora, plural, one {# corpus} other {# corpora}} ({docs, plural, one {# documento} other {# documentos}}, {questions, plural, one {# pergunta} other {# perguntas}}) sem apagar nada seu; {grids, plural, =0 {não traz grade} one {troca a grade de experimentos pela dele} other {troca a grade de experimentos pela primeira das # dele}}; idioma da página: {lang}.',
  'pack.opened': 'Pacote "{title}" aberto: {docs, plural, one {# documento} other {# documentos}} e {questions, plural, one {# pergunta} other {# perguntas}} acrescentados; {grids, plural, =0 {nenhuma grade} one {a grade dele está nos Experimentos} other {# grades nos Experimentos}}.',
  'pack.declined': 'Pacote "{title}" não aberto: nada mudou.',
  'pack.failed': 'Não foi possível abrir o pacote: {message}',
  'pack.fetchFailed': 'Não foi possível buscar o pacote {url}: {message}',
  'pack.tooLarge': 'O pacote {url} passa de {max} MB, o limite de um pacote: não foi aberto e nada mudou.',
  'pack.notHere': 'O pacote {url} não está neste site: só pacotes publicados ao lado da página são abertos por link.',
  'pack.grids': 'Grades dos pacotes:',
  'pack.exportLesson': 'Lição para os alunos (opcional; texto simples, aparece em Lições e abre a grade)',
  'pack.lessons.title': 'Lições dos pacotes',
  'pack.lessons.from': 'Do pacote "{title}"',
  'pack.lessons.onlyIn': 'O pacote traz esta lição só em {lang}.',
  'pack.lessons.otherLang': 'A mesma lição em {lang}',
  'pack.lessons.openGrid': 'Abrir a grade dela nos Experimentos',
  'pack.lessons.builtin': 'O pacote recomenda esta lição do ChunkLab.',
  'pack.lessons.show': 'Ver a lição',
  'pack.lessons.forget': 'Esquecer as lições dos pacotes',
};

export const en: Record<keyof typeof pt, string> = {
  'pack.export': 'Export course pack',
  'pack.exportTitle': 'Pack title (students see it when they open it)',
  'pack.exportHint': 'One file with the open corpus, its questions, the current experiments grid and the language. Publish it beside the page and send the link with ?pack=name.json.',
  'pack.confirm':
    'Open the pack "{title}"? It ADDS {corpora, plural, one {# corpus} other {# corpora}} ({docs, plural, one {# document} other {# documents}}, {questions, plural, one {# question} other {# questions}}) and deletes nothing of yours; {grids, plural, =0 {it brings no grid} one {it replaces the experiments grid with its own} other {it replaces the experiments grid with the first of its #}}; page language: {lang}.',
  'pack.opened': 'Pack "{title}" opened: {docs, plural, one {# document} other {# documents}} and {questions, plural, one {# question} other {# questions}} added; {grids, plural, =0 {no grid} one {its grid is in Experiments} other {# grids in Experiments}}.',
  'pack.declined': 'Pack "{title}" not opened: nothing changed.',
  'pack.failed': 'The pack could not be opened: {message}',
  'pack.fetchFailed': 'The pack {url} could not be fetched: {message}',
  'pack.tooLarge': 'The pack {url} is over {max} MB, the limit for a pack: it was not opened and nothing changed.',
  'pack.notHere': 'The pack {url} is not on this site: only packs published beside the page open from a link.',
  'pack.grids': "Packs' grids:",
  'pack.exportLesson': 'A lesson for the students (optional; plain text, shown in Lessons, opens the grid)',
  'pack.lessons.title': "Packs' lessons",
  'pack.lessons.from': 'From the pack "{title}"',
  'pack.lessons.onlyIn': 'The pack gives this lesson only in {lang}.',
  'pack.lessons.otherLang': 'The same lesson in {lang}',
  'pack.lessons.openGrid': 'Open its grid in Experiments',
  'pack.lessons.builtin': 'The pack recommends this ChunkLab lesson.',
  'pack.lessons.show': 'Show the lesson',
  'pack.lessons.forget': "Forget the packs' lessons",
};
