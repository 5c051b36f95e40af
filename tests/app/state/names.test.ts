import { expect, test } from 'vitest';
import { distinctName } from '../../../src/app/state/names.ts';

test('a taken name gets the smallest free number', () => {
  expect(distinctName('Geradas — Manual', [])).toBe('Geradas — Manual');
  expect(distinctName('Geradas — Manual', ['Geradas — Manual'])).toBe('Geradas — Manual (2)');
  expect(distinctName('Geradas — Manual', ['Geradas — Manual', 'Geradas — Manual (2)', 'Geradas — Manual (4)'])).toBe('Geradas — Manual (3)');
  expect(distinctName('A', ['A (2)'])).toBe('A');
});
