// CJK radicals read for the ideographs they draw. A CJK font gives one glyph to a radical and to the
// ideograph it looks like ("⼾" KANGXI RADICAL DOOR and "户"); a PDF writer that maps glyphs back to
// text (Chromium's print among them) often names the radical, so a page of Chinese or Japanese reads
// "客⼾" for "客户": the words are not found by search, and table headers and words do not match their
// source. Kangxi radicals (U+2F00–U+2FDF) decompose to their ideograph under NFKC; the radicals
// supplement (U+2E80–U+2EFF) does not (two of its 115 do), so its pairs are written here: the
// Unicode Character Database's Equivalent_Unified_Ideograph property (EquivalentUnifiedIdeograph.txt,
// Unicode 14), U+2E81–U+2EF3, radical then ideograph. U+2E80 and U+2E9A have none and are kept.
// The ideograph is Unicode's: a font whose radical glyph stands for a regional form reads as
// Unicode's one (Kangxi "⼾" → "戶" U+6236, where a Simplified Chinese font meant "户" U+6237).

const SUPPLEMENT = '⺁厂⺂乛⺃乚⺄乙⺅亻⺆冂⺇𠘨⺈刀⺉刂⺊卜⺋㔾⺌小⺍小⺎兀⺏尣⺐尢⺑𡯂⺒巳⺓幺⺔彑⺕彐⺖忄⺗心⺘扌⺙攵⺛旡⺜日⺝月⺞歺⺟母⺠民⺡氵⺢氺⺣灬⺤爫⺥爫⺦丬⺧牛⺨犭⺩王⺪𤴔⺫目⺬示⺭礻⺮𥫗⺯糹⺰纟⺱罓⺲罒⺳㓁⺴冗⺵𦉫⺶羊⺷𦍌⺸𦍋⺹耂⺺肀⺻聿⺼肉⺽𦥑⺾艹⺿艹⻀艹⻁虎⻂衤⻃覀⻄西⻅见⻆角⻇𧢲⻈讠⻉贝⻊𧾷⻋车⻌辶⻍辶⻎辶⻏邑⻐钅⻑長⻒镸⻓长⻔门⻕𨸏⻖阝⻗雨⻘青⻙韦⻚页⻛风⻜飞⻝食⻞𩙿⻟飠⻠饣⻡𩠐⻢马⻣骨⻤鬼⻥鱼⻦鸟⻧卤⻨麦⻩黄⻪黾⻫斉⻬齐⻭歯⻮齿⻯竜⻰龙⻱龜⻲亀⻳龟';

const FOLD = new Map<string, string>();
{
  const cps = Array.from(SUPPLEMENT);
  for (let i = 0; i + 1 < cps.length; i += 2) FOLD.set(cps[i], cps[i + 1]);
}

/** Any CJK radical (supplement or Kangxi). */
export const RADICALS = /[\u2E80-\u2EFF\u2F00-\u2FDF]/g;
export const HAS_RADICAL = /[\u2E80-\u2EFF\u2F00-\u2FDF]/;

/** One radical → its unified ideograph (itself where Unicode names none). */
export const foldRadical = (c: string): string => FOLD.get(c) ?? c.normalize('NFKC');

/** Every radical of a string read as its ideograph. */
export const foldRadicals = (s: string): string => (HAS_RADICAL.test(s) ? s.replace(RADICALS, foldRadical) : s);
