// Counts the elements a synchronous call walks or copies, so that a test can tell linear code from
// quadratic code by the work done rather than by the clock: at n and 4n, work that grows linearly
// is 4x, work that grows with the square is 16x, on an idle machine and a loaded one alike.
//
// What is counted, while `fn` runs:
// - every step of an array's, a Set's or a Map's iterator: spread (`[...xs, x]`), for…of,
//   Array.from, destructuring, `new Map(pairs)` / `new Set(xs)` (V8 takes its slow, observable
//   path for all of these once the iterators' `next` is replaced);
// - every element Array.prototype.slice or concat returns (copies that use no iterator);
// - the length of every array that forEach, map, filter, flatMap, reduce, some, every, find,
//   findIndex, indexOf or includes is called on (a walk over the list, counted whole even where a
//   search stops early: filtering the questions once per document is as quadratic as copying them).
// Loops by index and sort's comparisons are not counted.

const iteratorPrototypes = [[][Symbol.iterator](), new Set().values(), new Map().entries()].map((it) => Object.getPrototypeOf(it) as { next: (this: unknown) => IteratorResult<unknown> });

/** The array methods that walk a list, each counted as the list's length. */
export const WALKS = ['forEach', 'map', 'filter', 'flatMap', 'reduce', 'some', 'every', 'find', 'findIndex', 'indexOf', 'includes'] as const;
const proto = Array.prototype as unknown as Record<(typeof WALKS)[number], (...args: unknown[]) => unknown>;

/** Runs `fn` and returns its result with the number of elements it iterated, walked or copied. */
export function countWork<T>(fn: () => T): { result: T; work: number } {
  let work = 0;
  const saved = iteratorPrototypes.map((p) => p.next);
  const { slice, concat } = Array.prototype;
  iteratorPrototypes.forEach((p, i) => {
    const next = saved[i];
    p.next = function (this: unknown) {
      work++;
      return next.call(this);
    };
  });
  Array.prototype.slice = function (this: unknown[], ...args: [number?, number?]) {
    const out = slice.apply(this, args);
    work += out.length;
    return out;
  };
  Array.prototype.concat = function (this: unknown[], ...args: unknown[]) {
    const out = concat.apply(this, args);
    work += out.length;
    return out;
  };
  // Index loops from here on: a patched iterator or method would count the patching itself.
  const walks = WALKS.map((name) => proto[name]);
  for (let i = 0; i < WALKS.length; i++) {
    const original = walks[i];
    proto[WALKS[i]] = function (this: unknown[], ...args: unknown[]) {
      work += this.length;
      return original.apply(this, args);
    };
  }
  try {
    return { result: fn(), work };
  } finally {
    for (let i = 0; i < WALKS.length; i++) proto[WALKS[i]] = walks[i];
    for (let i = 0; i < iteratorPrototypes.length; i++) iteratorPrototypes[i].next = saved[i];
    Array.prototype.slice = slice;
    Array.prototype.concat = concat;
  }
}

/**
 * The work of `run` on `make(n)` and on `make(4n)` (the inputs are made before counting starts), and
 * their ratio: about 4 for linear work, about 16 for quadratic work (sorts are not counted, so
 * n log n work counts as linear).
 */
export function growth<I>(make: (n: number) => I, run: (input: I) => unknown, n: number): { small: number; large: number; ratio: number } {
  const a = make(n);
  const small = countWork(() => run(a)).work;
  const b = make(4 * n);
  const large = countWork(() => run(b)).work;
  return { small, large, ratio: large / small };
}
