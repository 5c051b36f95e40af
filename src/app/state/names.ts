// A name not yet taken: "Geradas — Manual", then "Geradas — Manual (2)", "(3)"… so two things made
// the same way (a second generation, a second group from the same grid) never look like one.

/** `base` when no name in `taken` equals it, else `base (n)` with the smallest free n >= 2. */
export function distinctName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base} (${n})`;
    if (!names.has(name)) return name;
  }
}
