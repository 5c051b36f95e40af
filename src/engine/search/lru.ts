// A small least-recently-used cache keyed by strings (the search session's corpora, indexes, vectors).
/** A map that keeps the `size` most recently used entries. */
export class LruMap<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly size: number) {}

  set(key: string, value: V): V {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.size) this.map.delete(this.map.keys().next().value as string);
    return value;
  }

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) this.set(key, v);
    return v;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  clear(): void {
    this.map.clear();
  }
}
