// The personal-data scan: what it must flag, what it must leave alone, and the check-digit helpers
// compared with a hand-worked CPF/CNPJ and the Luhn test card.
import { describe, expect, it } from 'vitest';
import { luhn, scanPersonalData, validCnpj, validCpf } from '../../../src/engine/llm/personal-data.ts';

describe('check digits', () => {
  it('CPF 529.982.247-25: 1st digit 10·5+9·2+8·9+7·9+6·8+5·2+4·2+3·4+2·7 = 295 → 2950 mod 11 = 2; 2nd → 5', () => {
    expect(validCpf('529.982.247-25')).toBe(true);
    expect(validCpf('52998224725')).toBe(true);
    expect(validCpf('529.982.247-26')).toBe(false);
    expect(validCpf('111.111.111-11')).toBe(false);
  });
  it('CNPJ 11.222.333/0001-81', () => {
    expect(validCnpj('11.222.333/0001-81')).toBe(true);
    expect(validCnpj('11222333000181')).toBe(true);
    expect(validCnpj('11.222.333/0001-82')).toBe(false);
  });
  it('Luhn', () => {
    expect(luhn('4111 1111 1111 1111')).toBe(true);
    expect(luhn('4111 1111 1111 1112')).toBe(false);
  });
});

describe('scanPersonalData', () => {
  it('counts each kind', () => {
    const text = [
      'Fale com maria.silva@empresa.com.br ou joao+rh@exemplo.org.',
      'Telefones: (11) 91234-5678, +55 21 3456-7890, +1 (415) 555-0100 e 415-555-0199.',
      'CPF 529.982.247-25, outro CPF sem pontos 52998224725.',
      'CNPJ 11.222.333/0001-81.',
      'Cartão 4111 1111 1111 1111 e 5500-0000-0000-0004.',
    ].join('\n');
    const r = scanPersonalData(text);
    expect(r.counts).toEqual({ email: 2, phone: 4, cpf: 2, cnpj: 1, card: 2 });
    expect(r.total).toBe(11);
    // Offsets point at the matched text; the masked form hides most of it.
    for (const m of r.examples) expect(m.end).toBeGreaterThan(m.start);
    const cpf = r.examples.find((m) => m.kind === 'cpf')!;
    expect(text.slice(cpf.start, cpf.end)).toBe('529.982.247-25');
    expect(cpf.masked).toBe('•••.•••.•••-25');
    expect(r.examples.find((m) => m.kind === 'email')!.masked).toBe('m***@empresa.com.br');
    // In text order.
    expect(r.examples.map((m) => m.start)).toEqual([...r.examples.map((m) => m.start)].sort((a, b) => a - b));
  });

  it('a formatted CPF counts even with wrong check digits (test data often uses fake ones)', () => {
    expect(scanPersonalData('CPF: 123.456.789-00').counts.cpf).toBe(1);
  });

  it('leaves ordinary numbers alone', () => {
    const text = [
      'Publicado em 2024-09-19, versão 1.2.3, seção 4.5.',
      'O orçamento foi de R$ 1.234.567,89 e 12345678 itens; ISO 8601; 3,14159.',
      'Um número de 11 dígitos sem dígitos verificadores válidos: 12345678901.',
      'Pedido 4111111111111112 (não passa em Luhn).',
      'Ver https://example.com/a@b e o artigo 5º, inciso X.',
    ].join('\n');
    const r = scanPersonalData(text);
    expect(r.counts).toEqual({ email: 0, phone: 0, cpf: 0, cnpj: 0, card: 0 });
  });

  it('a digit run is counted once, by its most specific kind', () => {
    const r = scanPersonalData('CNPJ 11222333000181');
    expect(r.counts).toMatchObject({ cnpj: 1, card: 0, phone: 0, cpf: 0 });
  });

  it('limits examples but not counts', () => {
    const text = Array.from({ length: 80 }, (_, i) => `user${i}@x.com`).join(' ');
    const r = scanPersonalData(text, 10);
    expect(r.counts.email).toBe(80);
    expect(r.examples).toHaveLength(10);
  });
});
