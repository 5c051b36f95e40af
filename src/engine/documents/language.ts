// A cheap guess of a text's language, Portuguese or English, by counting frequent function words
// of each in a bounded sample. Used to pick the sentence segmenter's locale when none is given.

// Words frequent in one language and rare in the other ("a", "as", "do", "no" are in both: left out).
const PT = new Set(
  'de que não para com uma um os da das dos em na nas nos pelo pela pelos pelas por mais se ao aos é são foi ser está também seu sua seus suas ou mas como quando onde isso este esta esse essa pode deve ainda já muito sobre entre até depois sem já então'.split(
    ' ',
  ),
);
const EN = new Set(
  'the and of to is in that it for with was on are be this by not or from at which have an you but his her they we were has had been would will can should their there what when where who about into than then these those its also'.split(
    ' ',
  ),
);

const SAMPLE = 20_000;

/** 'pt' or 'en' by a stop-word vote over the first 20,000 characters; ties (and no words) give 'pt'. */
export function guessLanguage(text: string): 'pt' | 'en' {
  const sample = (typeof text === 'string' ? text : '').slice(0, SAMPLE).toLowerCase();
  let pt = 0;
  let en = 0;
  for (const m of sample.matchAll(/\p{L}+/gu)) {
    const w = m[0];
    if (PT.has(w)) pt++;
    else if (EN.has(w)) en++;
  }
  // Letters only Portuguese uses are strong evidence on short texts.
  if (pt === en) {
    if (/[ãõçáéíóúâêô]/.test(sample)) return 'pt';
  }
  return en > pt ? 'en' : 'pt';
}
