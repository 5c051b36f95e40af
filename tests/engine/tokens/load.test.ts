// Loading tokenizers from a folder (Node) and from a URL (fetch), with clear errors.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKENIZER_DIR, loadDefaultTokenizer, loadTokenizerDir } from '../../../src/node/tokenizer-folder.ts';
import { loadTokenizerFromUrl } from '../../../src/engine/tokens/index.ts';
import { InputError } from '../../../src/engine/types.ts';
import { FIXTURES, MINILM_DIR, pair } from './helpers.ts';

describe('loadTokenizerDir', () => {
  it('resolves the bundled tokenizer folder and loads it once', async () => {
    expect(DEFAULT_TOKENIZER_DIR.replace(/\/$/, '')).toBe(MINILM_DIR.replace(/\/$/, ''));
    const a = await loadDefaultTokenizer();
    expect(await loadDefaultTokenizer()).toBe(a);
    expect(a.name).toBe('all-MiniLM-L6-v2');
    expect(a.modelMaxLength).toBe(512);
    const { lib } = pair(MINILM_DIR, 'x');
    expect(a.count('Olá, mundo!')).toBe(lib.encode('Olá, mundo!', { add_special_tokens: false }).ids.length);
  });

  it('loads a fixture folder and names it after the folder', async () => {
    const t = await loadTokenizerDir(`${FIXTURES}sp-unigram`);
    expect(t.name).toBe('sp-unigram');
    expect(t.family).toBe('metaspace');
  });

  it('says what is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tok-'));
    await expect(loadTokenizerDir(empty)).rejects.toThrow(InputError);
    await expect(loadTokenizerDir(empty)).rejects.toThrow(/has no tokenizer\.json/);
    await expect(loadTokenizerDir(join(empty, 'nope'))).rejects.toThrow(/is not a folder/);
    writeFileSync(join(empty, 'tokenizer.json'), '{ not json');
    await expect(loadTokenizerDir(empty)).rejects.toThrow(/tokenizer\.json: is not valid JSON/);
  });
});

describe('loadTokenizerFromUrl', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(req.url ?? '');
      const m = /^\/tok\/([\w-]+)\/(tokenizer(?:_config)?\.json)$/.exec(path);
      try {
        if (!m) throw new Error('not found');
        const dir = m[1] === 'minilm' ? MINILM_DIR : `${FIXTURES}${m[1]}/`;
        const body = readFileSync(`${dir}${m[2]}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } catch {
        res.writeHead(404).end('missing');
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const addr = server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('builds the same tokenizer as from files', async () => {
    const t = await loadTokenizerFromUrl(`${base}/tok/byte-bpe`);
    expect(t.name).toBe('byte-bpe');
    const { lib } = pair(`${FIXTURES}byte-bpe/`, 'b');
    const text = 'O cliente pede a devolução em 30 dias.';
    expect(t.encode(text).map((x) => x.id)).toEqual(lib.encode(text, { add_special_tokens: false }).ids);
    const named = await loadTokenizerFromUrl(`${base}/tok/minilm/`, 'MiniLM');
    expect(named.name).toBe('MiniLM');
    expect(named.modelMaxLength).toBe(512);
  });

  it('reports a missing tokenizer.json with its URL', async () => {
    await expect(loadTokenizerFromUrl(`${base}/tok/absent`)).rejects.toThrow(/tok\/absent\/tokenizer\.json: download failed with HTTP 404/);
  });
});
