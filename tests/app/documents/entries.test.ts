// A dropped folder is walked through the entries API: every file with its folder-relative path, a
// directory read in batches until an empty one (Chromium hands out 100 entries at a time).
import { describe, expect, test } from 'vitest';
import { filesFromDrop, MAX_FILES, TooManyFiles } from '../../../src/app/documents/entries.ts';

type Node = { name: string; children?: Node[] };

function entry(n: Node): FileSystemEntry {
  if (!n.children) {
    return { name: n.name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([n.name], n.name)) } as unknown as FileSystemEntry;
  }
  const kids = n.children.map(entry);
  return {
    name: n.name,
    isFile: false,
    isDirectory: true,
    createReader() {
      let at = 0;
      // Batches of 2, then an empty batch: the walk must keep reading.
      return { readEntries: (ok: (e: FileSystemEntry[]) => void) => ok(kids.slice(at, (at += 2))) };
    },
  } as unknown as FileSystemEntry;
}

function drop(nodes: Node[]): DataTransfer {
  const items = nodes.map((n) => ({ kind: 'file', webkitGetAsEntry: () => entry(n) }));
  return { items, files: [] } as unknown as DataTransfer;
}

describe('filesFromDrop', () => {
  test('a folder with subfolders and a loose file', async () => {
    const dt = drop([
      { name: 'docs', children: [{ name: 'a.pdf' }, { name: 'b.md' }, { name: 'c.docx' }, { name: 'sub', children: [{ name: 'd.txt' }] }, { name: 'e.html' }] },
      { name: 'loose.md' },
    ]);
    const got = await filesFromDrop(dt);
    expect(got.map((f) => f.path)).toEqual(['docs/a.pdf', 'docs/b.md', 'docs/c.docx', 'docs/sub/d.txt', 'docs/e.html', 'loose.md']);
    expect(await got[3].file.text()).toBe('d.txt');
  });

  test('too many files is refused', async () => {
    const dt = drop([{ name: 'big', children: Array.from({ length: MAX_FILES + 2 }, (_, i) => ({ name: `${i}.md` })) }]);
    await expect(filesFromDrop(dt)).rejects.toBeInstanceOf(TooManyFiles);
  });

  test('without the entries API: the plain file list', async () => {
    const f = new File(['x'], 'x.md');
    const dt = { items: [{ kind: 'file', webkitGetAsEntry: () => null }], files: [f] } as unknown as DataTransfer;
    expect((await filesFromDrop(dt)).map((p) => p.path)).toEqual(['x.md']);
  });
});
