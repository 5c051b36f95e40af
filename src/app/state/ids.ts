// Identifiers for corpora, documents and saved items.
export function newId(prefix: string): string {
  const c = globalThis.crypto;
  const raw = c?.randomUUID ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return `${prefix}-${raw}`;
}

/** A readable document id from a name, unique among `taken`. */
export function docIdFrom(name: string, taken: Iterable<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\.[a-z0-9]+$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'doc';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The document format a file name implies, or null when the extension is not one we read. */
export function formatFromName(name: string): 'markdown' | 'text' | 'html' | null {
  const m = /\.([a-z0-9]+)$/i.exec(name);
  const ext = m ? m[1].toLowerCase() : '';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'txt' || ext === 'text') return 'text';
  if (ext === 'html' || ext === 'htm') return 'html';
  return null;
}
