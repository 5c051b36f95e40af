// Errors thrown in a worker reach the page with what the page may react to: Comlink's own handler
// keeps only name, message and stack; this one adds an InputError's `where`, `code` and `details`
// (plain data), which the page's side of Comlink copies onto the Error it rethrows. Imported by every
// worker before it exposes its API.
import * as Comlink from 'comlink';

type Thrown = { value: unknown };

const original = Comlink.transferHandlers.get('throw') as Comlink.TransferHandler<Thrown, unknown>;

Comlink.transferHandlers.set('throw', {
  canHandle: (v: unknown): v is Thrown => original.canHandle(v),
  serialize(thrown: Thrown) {
    const e = thrown.value;
    if (!(e instanceof Error)) return original.serialize(thrown);
    const extra = e as Error & { where?: unknown; code?: unknown; details?: unknown };
    const value: Record<string, unknown> = { message: e.message, name: e.name, stack: e.stack };
    if (typeof extra.where === 'string') value.where = extra.where;
    if (typeof extra.code === 'string') value.code = extra.code;
    if (extra.details && typeof extra.details === 'object') value.details = JSON.parse(JSON.stringify(extra.details));
    return [{ isError: true, value }, []];
  },
  deserialize: (s: unknown) => original.deserialize(s),
} as Comlink.TransferHandler<Thrown, unknown>);
