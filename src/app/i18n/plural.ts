// Plural blocks in interface messages, a small ICU subset: `{count, plural, one {# item} other {# items}}`
// picks the branch Intl.PluralRules names for the number (exact `=N` branches first), `#` being the
// value as passed. Plain TypeScript so unit tests can run it in Node.
const rulesOf = new Map<string, Intl.PluralRules>();

/** Replaces each `{name, plural, …}` block by its branch for params[name]. */
export function plurals(msg: string, params: Record<string, string | number>, lang: string): string {
  const open = /\{(\w+), plural,/g;
  let out = '';
  let from = 0;
  for (let m = open.exec(msg); m; m = open.exec(msg)) {
    const branches = new Map<string, string>();
    let i = m.index + m[0].length;
    // Branches: selector, then a {…} body (bodies may hold {placeholders}); the block ends at '}'.
    while (i < msg.length) {
      while (msg[i] === ' ') i++;
      if (msg[i] === '}') break;
      const sel = /^[=\w]+/.exec(msg.slice(i));
      if (!sel) break;
      i += sel[0].length;
      while (msg[i] === ' ') i++;
      if (msg[i] !== '{') break;
      let depth = 0;
      const start = i + 1;
      for (; i < msg.length; i++) {
        if (msg[i] === '{') depth++;
        else if (msg[i] === '}' && --depth === 0) break;
      }
      branches.set(sel[0], msg.slice(start, i));
      i++;
    }
    // A number, or a string of digits (a caller may pass it formatted): anything else reads "other".
    const raw = params[m[1]];
    const n = typeof raw === 'number' ? raw : /^\d+$/.test(String(raw ?? '')) ? Number(raw) : NaN;
    let rules = rulesOf.get(lang);
    if (!rules) rulesOf.set(lang, (rules = new Intl.PluralRules(lang)));
    // Zero reads as plural in both languages ("0 perguntas", "0 questions"), though CLDR files 0 under
    // "one" for Portuguese: the common Brazilian usage. An exact `=0` branch still wins.
    const cat = !Number.isFinite(n) || n === 0 ? 'other' : rules.select(n);
    const body = branches.get(`=${n}`) ?? branches.get(cat) ?? branches.get('other') ?? '';
    out += msg.slice(from, m.index) + body.replace(/#/g, String(raw ?? ''));
    from = i + 1;
    open.lastIndex = from;
  }
  return out + msg.slice(from);
}
