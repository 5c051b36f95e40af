// The Node glue: the append-only file cache survives a new process (a new instance) and a torn last
// line; model specs read the key from the environment, and the old variable names still work but say
// once that they are deprecated.
import { mkdtempSync, appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { providerConfigFromSpec, providerFromSpec } from '../../src/cli/llm.ts';
import { FileAnswerCache } from '../../src/node/answer-cache.ts';
import { InputError } from '../../src/engine/types.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('FileAnswerCache', () => {
  it('keeps sentences across instances and ignores a torn last line', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ctx-cache-'));
    const file = path.join(dir, 'sub', 'context.jsonl');
    const a = new FileAnswerCache(file);
    await a.set('k1', 'Primeira frase.');
    await a.set('k2', 'Segunda "frase"\ncom quebra.');
    await a.set('k2', 'Segunda "frase"\ncom quebra.'); // unchanged: not written again
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    appendFileSync(file, '{"k":"k3","s":"cortad');
    const b = new FileAnswerCache(file);
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
    const local = providerFromSpec('openai:llama3.2', { CHUNKLAB_LLM_BASE_URL: 'http://localhost:11434/v1' });
    expect(local.config).toEqual({ kind: 'openai', model: 'llama3.2', apiKey: undefined, baseUrl: 'http://localhost:11434/v1' });
  });

  it('rejects a malformed spec', () => {
    expect(() => providerFromSpec('gpt-4o', {})).toThrow(InputError);
    expect(() => providerFromSpec('anthropic:claude', {})).toThrow(/API key/);
  });

  it('reads CHUNKLAB_LLM_API_KEY first, and the deprecated CHUNKLAB_CONTEXT_* names once with a warning', () => {
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    // The new name wins over the vendor's variable and the old name, and says nothing.
    const both = { CHUNKLAB_LLM_API_KEY: 'sk-new', CHUNKLAB_CONTEXT_API_KEY: 'sk-old', OPENAI_API_KEY: 'sk-vendor' };
    expect(providerConfigFromSpec('openai:m', both, '--context-model', warn).apiKey).toBe('sk-new');
    expect(lines).toEqual([]);
    // The old name alone is still read, and warns once, however often it is read.
    const old = { CHUNKLAB_CONTEXT_API_KEY: 'sk-old', OPENAI_API_KEY: 'sk-vendor' };
    expect(providerConfigFromSpec('openai:m', old, '--context-model', warn).apiKey).toBe('sk-old');
    expect(providerConfigFromSpec('anthropic:m', old, '--generator', warn).apiKey).toBe('sk-old');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/CHUNKLAB_CONTEXT_API_KEY is deprecated: set CHUNKLAB_LLM_API_KEY instead/);
    expect(lines[0]).not.toContain('sk-old');
    // The base URL's old name has its own warning, once too.
    const base = { CHUNKLAB_CONTEXT_BASE_URL: 'http://localhost:11434/v1' };
    expect(providerConfigFromSpec('openai:m', base, '--context-model', warn).baseUrl).toBe('http://localhost:11434/v1');
    expect(providerConfigFromSpec('openai:m', base, '--context-model', warn).baseUrl).toBe('http://localhost:11434/v1');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/CHUNKLAB_CONTEXT_BASE_URL is deprecated: set CHUNKLAB_LLM_BASE_URL instead/);
  });
});
