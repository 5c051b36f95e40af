// Node: one file of a documents folder as the document `chunk` makes of it: the engine's folder
// reader (src/engine/formats/documents-folder.ts) over a listing of that one file, so ids, formats,
// PDF/Word conversion and meta (fileName, fileType, page map) are the same as `chunk --dataset <folder>`.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../engine/types.ts';
import { documentType, readDocumentsFolder } from '../../engine/formats/index.ts';
import type { RecipeDocument } from '../../engine/recipe/index.ts';
import { readOptions } from '../../node/files.ts';
import { nodeDocumentReaders } from '../../node/document-readers.ts';

export async function documentFromFile(root: string, rel: string): Promise<RecipeDocument> {
  const full = join(root, rel);
  const opts = readOptions();
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new InputError('no such file', full);
  const binary = ['pdf', 'docx'].includes(documentType(rel) ?? '');
  const { dataset } = await readDocumentsFolder(
    {
      name: root,
      kind: 'folder',
      paths: [rel],
      sizeOf: () => info.size,
      read: async () => {
        const b = await readFile(full);
        return binary ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b.toString('utf8');
      },
    },
    // Read per file: the worker sets its OCR options (useOcr) after this module loads.
    { ...opts, readers: nodeDocumentReaders() },
  );
  const d = dataset.documents[0];
  if (!d) throw new InputError('not a document', full);
  return { id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta };
}
