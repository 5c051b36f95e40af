// The Node glue: the append-only file cache survives a new process (a new instance) and a torn last
// line; provider specs read the key from the environment.
import { mkdtempSync, appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { providerFromSpec } from '../../../src/cli/context.ts';
import { FileContextCache } from '../../../src/node/answer-cache.ts';
import { InputError } from '../../../src/engine/types.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('FileContextCache', () => {
  it('keeps sentences across instances and ignores a torn last line', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ctx-cache-'));
    const file = path.join(dir, 'sub', 'context.jsonl');
    const a = new FileContextCache(file);
    await a.set('k1', 'Primeira frase.');
    await a.set('k2', 'Segunda "frase"\ncom quebra.');
    await a.set('k2', 'Segunda "frase"\ncom quebra.'); // unchanged: not written again
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    appendFileSync(file, '{"k":"k3","s":"cortad');
    const b = new FileContextCache(file);
    expect(await b.get('k1')).toBe('Primeira frase.');
    expect(await b.get('k2')).toBe('Segunda "frase"\ncom quebra.');
    expect(await b.get('k3')).toBeUndefined();
    expect(b.size).toBe(2);
  });
});

describe('providerFromSpec', () => {
  it('builds the provider with the key from the environment', () => {
    const { provider, config } = providerFromSpec('anthropic:claude-3-5-haiku-latest', { ANTHROPIC_API_KEY: 'sk-ant-xyz' });
    expect(provider.id).toBe('anthropic:claude-3-5-haiku-latest');
    expect(config.apiKey).toBe('sk-ant-xyz');
    expect(JSON.stringify(provider)).not.toContain('sk-ant-xyz');
    const local = providerFromSpec('openai:llama3.2', { CHUNKLAB_CONTEXT_BASE_URL: 'http://localhost:11434/v1' });
    expect(local.config).toEqual({ kind: 'openai', model: 'llama3.2', apiKey: undefined, baseUrl: 'http://localhost:11434/v1' });
  });

  it('rejects a malformed spec', () => {
    expect(() => providerFromSpec('gpt-4o', {})).toThrow(InputError);
    expect(() => providerFromSpec('anthropic:claude', {})).toThrow(/API key/);
  });
});
