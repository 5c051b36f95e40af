// The CLI (files on disk, src/node/files.ts) and the page (files chosen in a file input, turned
// into a listing by listingFromUploads and read by the engine worker) go through the one detection
// of src/engine/formats/detect.ts: the same files give the same dataset, or the same refusal.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../src/node/files.ts';
import { datasetOf, detectDataset, listingFromUploads, workspaceOf, type UploadedFile } from '../../src/engine/formats/detect.ts';
import type { Dataset } from '../../src/engine/evaluation/dataset.ts';
import { nodeDocumentReaders } from '../../src/node/document-readers.ts';
import { copyFileSync } from 'node:fs';

/** The files as the page's <input webkitdirectory> hands them over: paths start with the folder's name. */
function folderUpload(dir: string): UploadedFile[] {
  const out: UploadedFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(pdf|docx)$/.test(name)) out.push({ name, path: `${basename(dir)}/${relative(dir, full).split('\\').join('/')}`, bytes: new Uint8Array(readFileSync(full)) });
      else out.push({ name, path: `${basename(dir)}/${relative(dir, full).split('\\').join('/')}`, text: readFileSync(full, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

// The page's worker hands over its own pdf.js and mammoth; in Node, the same packages' Node builds.
const page = async (files: UploadedFile[]): Promise<Dataset> => datasetOf(await detectDataset(listingFromUploads(files), { readers: nodeDocumentReaders() }));
const pageError = (files: UploadedFile[]) => page(files).then(() => 'no error', (e: Error) => e.message);
const cliError = (path: string) => loadDataset(path).then(() => 'no error', (e: Error) => e.message);

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'chunklab-detect-'));
}

describe('the CLI and the page read the same dataset from the same files', () => {
  for (const dir of ['public/samples/en', 'public/samples/pt-BR', 'tests/fixtures/datasets/chroma-mini']) {
    test(dir, async () => {
      const cli = await loadDataset(dir);
      const fromPage = await page(folderUpload(dir));
      expect(fromPage).toEqual(cli);
      expect(cli.documents.length).toBeGreaterThan(0);
      expect(cli.questions.length).toBeGreaterThan(0);
    });
  }

  test('a SQuAD file: the same documents, questions and skipped questions (the name is the file as each was given)', async () => {
    const path = 'tests/fixtures/datasets/squad-mini.json';
    const cli = await loadDataset(path);
    const fromPage = await page([{ name: 'squad-mini.json', text: readFileSync(path, 'utf8') }]);
    expect({ ...fromPage, name: '' }).toEqual({ ...cli, name: '' });
    expect(fromPage.name).toContain('squad-mini.json');
    expect(cli.name).toContain(path);
  });

  test('a Chroma folder without corpora/: the documents beside questions_df.csv (as files dropped loose on the page)', async () => {
    const dir = tmp();
    const src = 'tests/fixtures/datasets/chroma-mini';
    writeFileSync(join(dir, 'questions_df.csv'), readFileSync(join(src, 'questions_df.csv')));
    for (const f of readdirSync(join(src, 'corpora'))) writeFileSync(join(dir, f), readFileSync(join(src, 'corpora', f)));
    const cli = await loadDataset(dir);
    const loose = readdirSync(dir).sort().map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    const fromPage = await page(loose);
    expect({ ...fromPage, name: '' }).toEqual({ ...cli, name: '' });
    expect(fromPage.name).toBe('Chroma');
    expect(cli.documents.map((d) => d.id)).toEqual((await loadDataset(src)).documents.map((d) => d.id));
  });

  test('the same refusals, in the same words', async () => {
    const dir = tmp();
    // A folder with nothing a reader recognises (no document either).
    mkdirSync(join(dir, 'plain'));
    writeFileSync(join(dir, 'plain', 'a.json'), '{}');
    writeFileSync(join(dir, 'plain', 'b.csv'), 'x,y');
    const plainCli = await cliError(join(dir, 'plain'));
    const plainPage = await pageError(folderUpload(join(dir, 'plain')));
    expect(plainCli).toMatch(/unknown dataset folder: expected documents\.json/);
    expect(plainPage.replace(/^[^:]*: /, '')).toBe(plainCli.replace(/^[^:]*: /, ''));
    // questions_df.csv with no document anywhere.
    mkdirSync(join(dir, 'chroma'));
    writeFileSync(join(dir, 'chroma', 'questions_df.csv'), 'question,references,corpus_id\n');
    writeFileSync(join(dir, 'chroma', 'notes.json'), '{}');
    expect(await cliError(join(dir, 'chroma'))).toMatch(/needs its documents .* in corpora\//);
    expect((await pageError(folderUpload(join(dir, 'chroma')))).replace(/^[^:]*: /, '')).toBe((await cliError(join(dir, 'chroma'))).replace(/^[^:]*: /, ''));
    // One JSON file of each refused kind.
    const files: Record<string, string> = {
      'results.json': JSON.stringify({ format: 'chunklab-results', version: 1 }),
      'documents.json': JSON.stringify({ format: 'chunklab-folder', version: 1, documents: [] }),
      'other.json': JSON.stringify({ hello: 'world' }),
      'broken.json': '{"data": [ {',
    };
    const expected: Record<string, RegExp> = {
      'results.json': /this is a results file, not a dataset/,
      'documents.json': /ChunkLab folder manifest/,
      'other.json': /unknown dataset format: expected a SQuAD/,
      'broken.json': /broken\.json.*(JSON|line)/,
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
      const fromCli = await cliError(join(dir, name));
      const fromPage = await pageError([{ name, text }]);
      expect(fromCli, name).toMatch(expected[name]);
      // The CLI names the file by the path it was given, the page by its name: the rest is the same.
      expect(fromPage, name).toBe(fromCli.replace(join(dir, name), name));
    }
  });

  test('a workspace file: the page adds the whole workspace, the CLI evaluates its first question set', async () => {
    const ws = {
      format: 'chunklab-workspace',
      version: 1,
      corpora: [{ id: 'c', name: 'Corpus', documents: [{ id: 'd1', name: 'D1', format: 'text', text: 'Alpha beta gamma.', meta: {} }] }],
      questionSets: [{ id: 's', name: 'Set', corpusId: 'c', questions: [{ id: 'q1', text: 'Beta?', gold: [{ docId: 'd1', start: 6, end: 10 }] }] }],
    };
    const dir = tmp();
    writeFileSync(join(dir, 'ws.json'), JSON.stringify(ws));
    const detected = await detectDataset(listingFromUploads([{ name: 'ws.json', text: JSON.stringify(ws) }]));
    expect(detected.kind).toBe('workspace');
    expect(workspaceOf(detected).workspace.corpora[0].documents[0].text).toBe('Alpha beta gamma.');
    const fromCli = await loadDataset(join(dir, 'ws.json'));
    expect(fromCli.documents).toEqual(datasetOf(detected).documents);
    expect(fromCli.questions).toEqual(datasetOf(detected).questions);
  });
});

describe('a plain folder of documents: the same dataset with no questions', () => {
  test('PDF, Word, Markdown, text and HTML, in a subfolder too, a duplicate left out', async () => {
    const dir = tmp();
    copyFileSync('tests/fixtures/documents/manual.pdf', join(dir, 'manual.pdf'));
    copyFileSync('tests/fixtures/documents/policy.docx', join(dir, 'policy.docx'));
    writeFileSync(join(dir, 'readme.md'), '# Readme\n\nHello.');
    mkdirSync(join(dir, 'more'));
    writeFileSync(join(dir, 'more', 'page.html'), '<h1>Page</h1><p>Body.</p>');
    writeFileSync(join(dir, 'more', 'copy.txt'), '# Readme\n\nHello.\n');
    writeFileSync(join(dir, 'more', 'data.json'), '{}');
    const cli = await loadDataset(dir);
    const fromPage = await page(folderUpload(dir));
    expect(fromPage).toEqual(cli);
    expect(cli.source).toBe('documents');
    expect(cli.questions).toEqual([]);
    // In path order: more/copy.txt comes before readme.md, which is its duplicate.
    expect(cli.documents.map((d) => d.id)).toEqual(['manual', 'copy', 'page', 'policy']);
    // Loose files dropped on the page (no folder): the same documents (in file-name order).
    const loose = folderUpload(dir).map(({ path: _p, ...f }) => f);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...(await page(loose)).documents].sort(byId)).toEqual([...cli.documents].sort(byId));
    // The outcomes say what was left out and why.
    const d = await detectDataset(listingFromUploads(folderUpload(dir)), { readers: nodeDocumentReaders(), keepGoing: true });
    expect(d.kind).toBe('documents');
    if (d.kind !== 'documents') return;
    const byPath = Object.fromEntries(d.files.map((f) => [f.path, f]));
    expect(byPath['readme.md']).toMatchObject({ status: 'skipped', problem: 'duplicate', duplicateOf: 'copy' });
    expect(byPath['more/data.json']).toMatchObject({ status: 'skipped', problem: 'not-document' });
    expect(byPath['manual.pdf'].outline?.[0]).toEqual({ level: 1, title: 'Field Guide' });
  });

  test('a bad file: the CLI refuses the folder, the page (keepGoing) records it and reads the others', async () => {
    const dir = tmp();
    copyFileSync('tests/fixtures/documents/encrypted.pdf', join(dir, 'locked.pdf'));
    copyFileSync('tests/fixtures/documents/scanned.pdf', join(dir, 'scan.pdf'));
    copyFileSync('tests/fixtures/documents/truncated.pdf', join(dir, 'cut.pdf'));
    writeFileSync(join(dir, 'fake.docx'), 'not a zip');
    writeFileSync(join(dir, 'ok.md'), '# Ok');
    const cliMessage = await cliError(dir);
    expect(cliMessage).toMatch(/cut\.pdf: .*truncated/);
    await expect(page(folderUpload(dir))).rejects.toThrow(cliMessage.replace(/^.*cut\.pdf: /, ''));
    const d = await detectDataset(listingFromUploads(folderUpload(dir)), { readers: nodeDocumentReaders(), keepGoing: true });
    if (d.kind !== 'documents') throw new Error(d.kind);
    expect(d.dataset.documents.map((x) => x.id)).toEqual(['ok']);
    expect(Object.fromEntries(d.files.map((f) => [f.path, f.problem]))).toEqual({ 'cut.pdf': 'truncated', 'fake.docx': 'wrong-type', 'locked.pdf': 'encrypted', 'ok.md': undefined, 'scan.pdf': 'scanned' });
  });

  test('the size guard names the file before reading it', async () => {
    const files: UploadedFile[] = [
      { name: 'big.pdf', path: 'f/big.pdf', blob: { size: 5000, arrayBuffer: () => Promise.reject(new Error('must not be read')) } },
      { name: 'a.md', path: 'f/a.md', text: '# A' },
    ];
    const d = await detectDataset(listingFromUploads(files), { maxBytes: 1000, keepGoing: true });
    if (d.kind !== 'documents') throw new Error(d.kind);
    expect(d.files.find((f) => f.path === 'big.pdf')).toMatchObject({ problem: 'too-large', message: expect.stringMatching(/^f\/big\.pdf: input is too large/) });
    expect(d.dataset.documents.map((x) => x.id)).toEqual(['a']);
  });
});

describe('listings', () => {
  test('bytes travel like text (a binary document can share the listing)', async () => {
    const dir = 'tests/fixtures/datasets/chroma-mini';
    const files = folderUpload(dir).map((f) => ({ name: f.name, path: f.path, bytes: new TextEncoder().encode(f.text!) }));
    expect(await page(files)).toEqual(await loadDataset(dir));
  });

  test('a ChunkLab folder whose manifest climbs out of the folder is refused, on disk and on the page', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'documents.json'), JSON.stringify({ format: 'chunklab-folder', version: 1, documents: [{ id: 'a', file: '../secret.md' }] }));
    writeFileSync(join(dir, 'secret.md'), 'no');
    expect(await cliError(dir)).toMatch(/leaves the folder/);
    expect(await pageError([{ name: 'documents.json', path: `x/documents.json`, text: readFileSync(join(dir, 'documents.json'), 'utf8') }])).toMatch(/leaves the folder/);
  });

  test('a symbolic link that leads out of the folder is refused by the CLI', async () => {
    const outside = tmp();
    writeFileSync(join(outside, 'secret.md'), '# Secret\n\nnot yours');
    const dir = tmp();
    writeFileSync(join(dir, 'documents.json'), JSON.stringify({ format: 'chunklab-folder', version: 1, documents: [{ id: 'a', file: 'a.md' }] }));
    symlinkSync(join(outside, 'secret.md'), join(dir, 'a.md'));
    expect(await cliError(dir)).toMatch(/leaves the folder/);
  });

  test('no file chosen', async () => {
    expect(await pageError([])).toMatch(/no file chosen/);
  });
});
