// The chunker choice shared by the inspector and the search view: the chosen chunker, the values the
// user set for each chunker's parameters, and the values in force (registry defaults overridden by
// the user's). Each view keeps its own choice and remembers it inside its own localStorage settings.
import type { ChunkerId } from '../../engine/types.ts';
import type { ChunkerDescription } from '../../../workers/engine-api.ts';

/** The remembered part of a chunker choice. */
export interface ChunkerChoice {
  chunkerId: ChunkerId;
  /** Per chunker: the parameter values the user set (defaults are not stored). */
  values: Record<string, Record<string, unknown>>;
}

/**
 * The JSON object stored under `key` (null when absent, unreadable or not an object); the caller
 * checks each field it reads.
 */
export function readStored<T>(key: string): Partial<T> | null {
  try {
    const s: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return s && typeof s === 'object' ? (s as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** A stored chunker choice with anything missing or malformed replaced by the default (recursive, no values). */
export function readChoice(s: Partial<ChunkerChoice> | null): ChunkerChoice {
  return {
    chunkerId: typeof s?.chunkerId === 'string' ? s.chunkerId : 'recursive',
    values: s?.values && typeof s.values === 'object' ? s.values : {},
  };
}

/**
 * A chunker choice with its parameter values. Subclasses give the registry (`registry`) and remember
 * the choice (`save`, called after every change).
 */
export class ChunkerSettings {
  chunkerId = $state<ChunkerId>('recursive');
  values = $state<Record<string, Record<string, unknown>>>({});

  /** The registry entry of the chosen chunker (undefined until the registry is read). */
  info = $derived(this.registry().find((c) => c.id === this.chunkerId));

  constructor(initial: ChunkerChoice) {
    this.chunkerId = initial.chunkerId;
    this.values = initial.values;
  }

  /** The chunker registry the choice is made from. */
  registry(): ChunkerDescription[] {
    return [];
  }

  /** Remembers the settings; the default remembers nothing. */
  save(): void {}

  /** The parameter values for the current chunker: registry defaults, overridden by the user's. */
  params(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of this.info?.params ?? []) out[p.name] = this.values[this.chunkerId]?.[p.name] ?? p.default;
    return out;
  }

  setParam(name: string, value: unknown): void {
    this.values[this.chunkerId] = { ...(this.values[this.chunkerId] ?? {}), [name]: value };
    this.save();
  }

  resetParams(): void {
    delete this.values[this.chunkerId];
    this.save();
  }

  setChunker(id: ChunkerId): void {
    this.chunkerId = id;
    this.save();
  }

  /** The choice as plain data, for `save`. */
  protected choice(): ChunkerChoice {
    return { chunkerId: this.chunkerId, values: $state.snapshot(this.values) };
  }
}
