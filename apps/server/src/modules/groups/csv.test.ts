import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, a BOM and skips blank lines', () => {
    const text = '\uFEFFemail,name\r\n"a@x.test","Smith, ""Jo"""\n\n b@x.test ,"two\nlines"\nc@x.test';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['email', 'name'] },
      { line: 2, fields: ['a@x.test', 'Smith, "Jo"'] },
      { line: 4, fields: [' b@x.test ', 'two\nlines'] },
      { line: 6, fields: ['c@x.test'] },
    ]);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(null)).toBe('');
    expect(toCsv([['a', 'b,c', 'say "hi"', 3, true]])).toBe('a,"b,c","say ""hi""",3,true\r\n');
  });
});
