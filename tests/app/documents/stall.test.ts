// The offer to skip a file that makes no progress (src/app/documents/stall.ts), on given clock values.
import { expect, test } from 'vitest';
import { STALL_MS, stalledFile } from '../../../src/app/documents/stall.ts';

test('the file being read is offered to be skipped once it has gone the budget without progress', () => {
  const rows = [
    { path: 'a.md', status: 'ready' },
    { path: 'b.pdf', status: 'reading' },
    { path: 'c.md', status: 'waiting' },
  ];
  expect(stalledFile(rows, 1000, 1000 + STALL_MS - 1)).toBeNull();
  expect(stalledFile(rows, 1000, 1000 + STALL_MS)).toBe('b.pdf');
  expect(stalledFile(rows, 0, 50, 50)).toBe('b.pdf');
  // Nothing being read (between files, or all done): nothing to offer.
  expect(stalledFile([{ path: 'a.md', status: 'ready' }], 0, 10 * STALL_MS)).toBeNull();
});
