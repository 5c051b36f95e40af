import { describe, expect, it } from 'vitest';
import { ExcerptLocator, cleanExcerpt, normalise } from '../../../src/engine/questions/locate.ts';

const PT = 'Reembolso\r\n\r\nA Aurora paga o reembolso em até 20 dias úteis — contados do envio.\r\nO “pedido” deve ser\r\nenviado em até 180 dias. Emoji 🎉 aqui: **prazo máximo** de 30 dias.';

describe('excerpt locator', () => {
  const loc = new ExcerptLocator(PT);
  const at = (s: { start: number; end: number } | null) => (s ? PT.slice(s.start, s.end) : null);

  it('finds an exact excerpt at its exact offsets', () => {
    const r = loc.locate('paga o reembolso em até 20 dias úteis');
    expect(r?.how).toBe('exact');
    expect(at(r)).toBe('paga o reembolso em até 20 dias úteis');
  });

  it('normalises white space (CRLF), curly quotes, dashes and case, mapping back to the original text', () => {
    const r = loc.locate('o "pedido" deve ser enviado em até 180 dias');
    expect(r?.how).toBe('normalised');
    expect(at(r)).toBe('O “pedido” deve ser\r\nenviado em até 180 dias');
    const d = loc.locate('20 DIAS ÚTEIS - contados do envio');
    expect(at(d)).toBe('20 dias úteis — contados do envio');
  });

  it('keeps accents significant: a model that drops them does not match', () => {
    expect(loc.locate('reembolso em ate 20 dias uteis')).toBeNull();
  });

  it('ignores Markdown emphasis the model dropped, and surrounding quotes and ellipses', () => {
    const r = loc.locate('“…prazo máximo de 30 dias…”');
    expect(r?.how).toBe('loose');
    expect(at(r)).toBe('**prazo máximo** de 30 dias'.slice(2));
  });

  it('offsets stay right after an emoji (surrogate pair)', () => {
    const r = loc.locate('Emoji 🎉 AQUI');
    expect(at(r)).toBe('Emoji 🎉 aqui');
  });

  it('an invented excerpt is not found', () => {
    expect(loc.locate('o reembolso é pago em 45 dias')).toBeNull();
    expect(loc.locate('   ')).toBeNull();
  });

  it('of several occurrences, takes the one nearest to the passage', () => {
    const text = 'Prazo de 10 dias.\n\nOutro assunto qualquer.\n\nPrazo de 10 dias.';
    const l = new ExcerptLocator(text);
    const second = text.lastIndexOf('Prazo');
    expect(l.locate('Prazo de 10 dias', { start: second, end: text.length })?.start).toBe(second);
    expect(l.locate('Prazo de 10 dias', { start: 0, end: 17 })?.start).toBe(0);
  });

  it('normalise maps every output unit back into the original text', () => {
    const n = normalise(PT);
    for (let i = 0; i < n.text.length; i++) {
      expect(n.from[i]).toBeLessThan(n.to[i]);
      expect(n.to[i]).toBeLessThanOrEqual(PT.length);
    }
    expect(n.text).not.toMatch(/\s\s/);
  });

  it('cleanExcerpt strips wrapping quotes and ellipses only', () => {
    expect(cleanExcerpt(' "... até 20 dias…" ')).toBe('até 20 dias');
    expect(cleanExcerpt('o "pedido" deve')).toBe('o "pedido" deve');
  });
});
