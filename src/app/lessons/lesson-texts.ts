// Default texts of the two embedding lessons, in Portuguese and English (editable in the panels).
import type { Lang } from '../i18n/index.svelte.ts';

export interface DilutionTexts {
  answer: string;
  question: string;
  decoy: string;
  fillers: string;
}

export interface LateTexts {
  document: string;
  sentence: string;
  question: string;
}

const DILUTION: Record<Lang, DilutionTexts> = {
  'pt-BR': {
    answer: 'A ponte Rio–Niterói foi inaugurada em 4 de março de 1974, depois de seis anos de obras.',
    question: 'Quando a ponte Rio–Niterói foi inaugurada?',
    decoy: 'A ponte Rio–Niterói tem 13 quilômetros e atravessa a Baía de Guanabara.',
    fillers: [
      'O café é colhido entre maio e setembro nas fazendas do sul de Minas.',
      'A receita leva farinha, ovos, leite e uma pitada de sal.',
      'O time venceu o campeonato estadual pela terceira vez seguida.',
      'As orquídeas precisam de luz indireta e pouca água.',
      'O imposto de renda deve ser declarado até o fim de maio.',
      'A biblioteca municipal abre aos sábados das nove ao meio-dia.',
      'O vulcão entrou em erupção e cobriu a cidade de cinzas.',
      'Os pinguins-imperadores chocam os ovos no inverno antártico.',
      'A impressora do segundo andar está sem toner desde ontem.',
      'O festival de cinema recebeu mais de trezentos filmes inscritos.',
      'A vacina deve ser guardada entre dois e oito graus.',
      'O algoritmo ordena a lista em tempo proporcional a n log n.',
      'A feira orgânica acontece toda quarta-feira na praça central.',
      'O violino tem quatro cordas afinadas em quintas.',
      'A reunião de condomínio foi adiada para a próxima semana.',
      'As baleias-jubarte migram para o litoral da Bahia no inverno.',
      'O novo shopping terá duzentas lojas e um cinema.',
      'A maratona começa às seis da manhã para evitar o calor.',
      'O livro conta a história de uma família de imigrantes italianos.',
      'A conta de luz subiu por causa da bandeira tarifária vermelha.',
    ].join('\n'),
  },
  en: {
    answer: 'The Golden Gate Bridge opened to traffic on May 28, 1937, after four years of construction.',
    question: 'When did the Golden Gate Bridge open?',
    decoy: 'The Golden Gate Bridge is painted International Orange and spans 2.7 kilometres.',
    fillers: [
      'Coffee is harvested between May and September on southern farms.',
      'The recipe calls for flour, eggs, milk and a pinch of salt.',
      'The team won the state championship for the third year running.',
      'Orchids need indirect light and little water.',
      'Income tax returns are due at the end of April.',
      'The public library opens on Saturdays from nine to noon.',
      'The volcano erupted and covered the town in ash.',
      'Emperor penguins hatch their eggs in the Antarctic winter.',
      'The printer on the second floor has been out of toner since yesterday.',
      'The film festival received more than three hundred entries.',
      'The vaccine must be stored between two and eight degrees.',
      'The algorithm sorts the list in time proportional to n log n.',
      'The organic market takes place every Wednesday in the main square.',
      'The violin has four strings tuned in fifths.',
      'The residents’ meeting was postponed to next week.',
      'Humpback whales migrate to warmer waters in winter.',
      'The new mall will have two hundred shops and a cinema.',
      'The marathon starts at six in the morning to avoid the heat.',
      'The novel tells the story of a family of Italian immigrants.',
      'The electricity bill went up because of the peak tariff.',
    ].join('\n'),
  },
};

const LATE: Record<Lang, LateTexts> = {
  'pt-BR': {
    document:
      'Marie Curie nasceu em Varsóvia em 1867 e mudou-se para Paris para estudar física. Ela foi a primeira pessoa a receber dois prêmios Nobel, em física e em química. O laboratório onde trabalhava ficava perto do Sena.',
    sentence: 'Ela foi a primeira pessoa a receber dois prêmios Nobel, em física e em química.',
    question: 'Quantos prêmios Nobel Marie Curie recebeu?',
  },
  en: {
    document:
      'Marie Curie was born in Warsaw in 1867 and moved to Paris to study physics. She was the first person to win two Nobel prizes, in physics and in chemistry. The laboratory where she worked was near the Seine.',
    sentence: 'She was the first person to win two Nobel prizes, in physics and in chemistry.',
    question: 'How many Nobel prizes did Marie Curie win?',
  },
};

export function dilutionDefaults(lang: Lang): DilutionTexts {
  return { ...DILUTION[lang] };
}

export function lateDefaults(lang: Lang): LateTexts {
  return { ...LATE[lang] };
}
