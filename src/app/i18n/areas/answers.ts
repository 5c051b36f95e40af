// Text of the "answers a user can act on" features: Precision Ω in the results table, and the
// enough-questions (power) notes beside a comparison. The Portuguese object defines the keys.
export const pt = {
  'experiments.results.col.precisionOmega': 'Precisão Ω',
  'answers.omega.help':
    'Precisão Ω (Chroma): entregando todos os chunks do documento certo que tocam a resposta, a fração dos caracteres entregues que é resposta. Depende só dos cortes, não da busca.',
  'answers.enough.tooFew': 'Poucas perguntas para decidir.',
  'answers.enough.needed':
    'Em {n, plural, one {# pergunta pareada} other {# perguntas pareadas}}, só a primeira acerta (hit@5) {only1} e só a segunda {only2} (McNemar exato p = {p}); com essa discordância, um teste decisivo (poder de 80%, α 0,05) precisaria de cerca de {needed, plural, one {# pergunta} other {# perguntas}}.',
  'answers.enough.tie': 'Em {n, plural, one {# pergunta pareada} other {# perguntas pareadas}}, cada uma acerta sozinha {only} (empate): nenhum número de perguntas as separa com esta discordância.',
  'answers.enough.boot': 'hit@5 de {name}: {docs} reamostrando {d, plural, one {# documento} other {# documentos}}, {questions} reamostrando perguntas.',
  'answers.mdd':
    'Com {n, plural, one {# pergunta} other {# perguntas}}, duas configurações só se distinguem (teste pareado, poder de 80%) se o hit@5 diferir em pelo menos {d20} pontos, supondo 20% de perguntas discordantes ({d10} com 10%, {d30} com 30%).',
};

export const en: Record<keyof typeof pt, string> = {
  'experiments.results.col.precisionOmega': 'Precision Ω',
  'answers.omega.help':
    "Precision Ω (Chroma): handing over every chunk of the right document that touches the answer, the share of the characters handed over that is answer. A property of the cuts alone, not of the search.",
  'answers.enough.tooFew': 'Too few questions to tell.',
  'answers.enough.needed':
    'On {n, plural, one {# paired question} other {# paired questions}} only the first gets hit@5 on {only1} and only the second on {only2} (exact McNemar p = {p}); at this discordance a decisive test (80% power, α 0.05) would need about {needed, plural, one {# question} other {# questions}}.',
  'answers.enough.tie': 'On {n, plural, one {# paired question} other {# paired questions}} each gets {only} right alone (a tie): no number of questions separates them at this discordance.',
  'answers.enough.boot': 'hit@5 of {name}: {docs} resampling {d, plural, one {# document} other {# documents}}, {questions} resampling questions.',
  'answers.mdd':
    'With {n, plural, one {# question} other {# questions}} two configurations can be told apart (paired test, 80% power) only if their hit@5 differs by at least {d20} points, assuming 20% discordant questions ({d10} at 10%, {d30} at 30%).',
};
