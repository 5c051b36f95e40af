// ICDAR 2013 ground truth read as Markdown tables (bench/icdar-tables.ts), on hand-written files in
// the competition's format: spans written once in their first row and column, a header drawn over
// two rows joined into one, rows numbered from -1, a table continued in a second region, entities.
import { describe, expect, test } from 'vitest';
import { referenceTables } from '../../bench/icdar-tables.ts';

const cell = (r: number, c: number, text: string, end: { r?: number; c?: number } = {}) =>
  `<cell id="1" start-row="${r}" start-col="${c}"${end.r !== undefined ? ` end-row="${end.r}"` : ''}${end.c !== undefined ? ` end-col="${end.c}"` : ''}><bounding-box x1="0" x2="1" y1="0" y2="1"/><content>${text}</content></cell>`;

describe('ICDAR 2013 -str.xml → { header, rows }', () => {
  test('a header over two rows (a group label spanning two columns) is one row; spans once, in their first cell', () => {
    const str = `<document><table id="1"><region id="1" page="2" row-increment="0" col-increment="0">
      ${cell(0, 0, 'Year', { r: 1 })}${cell(0, 1, 'Enrolment', { c: 2 })}
      ${cell(1, 1, 'Public')}${cell(1, 2, 'Private')}
      ${cell(2, 0, '2008')}${cell(2, 1, '49,266')}${cell(2, 2, '5,707')}
      ${cell(3, 0, 'All years &amp; more', { c: 2 })}
    </region></table></document>`;
    const reg = `<document><table id='1'><region id='1' page='2'><bounding-box x1='100' y1='400' x2='300' y2='500'/></region></table></document>`;
    const [t] = referenceTables(str, reg, 'x');
    expect(t.header).toEqual(['Year', 'Enrolment Public', 'Private']);
    expect(t.rows).toEqual([
      ['2008', '49,266', '5,707'],
      ['All years & more', '', ''],
    ]);
    expect(t.regions).toEqual([{ page: 2, x0: 100, x1: 300, y0: 400, y1: 500 }]);
    expect(t.id).toBe('x#1');
  });

  test('rows numbered from -1 count from the first; a second region continues the rows; lines of a cell joined', () => {
    const str = `<document><table id="1">
      <region id="1" page="1">${cell(-1, 0, 'Name')}${cell(-1, 1, 'Value')}${cell(0, 0, 'a')}${cell(0, 1, 'one\n  line')}</region>
      <region id="2" page="2">${cell(0, 0, 'b')}${cell(0, 1, '2')}</region>
    </table><table id="2"><region id="1" page="3">${cell(0, 0, 'K')}${cell(0, 1, 'V')}${cell(1, 0, 'k')}${cell(1, 1, 'v')}</region></table></document>`;
    const tables = referenceTables(str, '<document></document>', 'y');
    expect(tables.map((t) => ({ header: t.header, rows: t.rows }))).toEqual([
      { header: ['Name', 'Value'], rows: [['a', 'one line'], ['b', '2']] },
      { header: ['K', 'V'], rows: [['k', 'v']] },
    ]);
  });
});
