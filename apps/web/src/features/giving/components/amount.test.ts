import { describe, expect, it } from 'vitest';
import { fractionDigitsOf, parseAmountToMinor } from './amount';

describe('parseAmountToMinor', () => {
  it.each([
    ['25', 2, 2500],
    ['25.5', 2, 2550],
    [' 1,250.05 ', 2, 125005],
    ['0', 2, 0],
    ['-5', 2, -500],
    ['5000', 0, 5000],
  ])('reads %j with %i decimals as %i', (text, digits, expected) => {
    expect(parseAmountToMinor(text, digits)).toBe(expected);
  });

  it.each([
    ['', 2],
    ['abc', 2],
    ['1.234', 2],
    ['12.5', 0],
    ['1e3', 2],
  ])('refuses %j', (text, digits) => {
    expect(parseAmountToMinor(text, digits)).toBeNull();
  });

  it('knows the decimals of a currency', () => {
    expect(fractionDigitsOf('USD')).toBe(2);
    expect(fractionDigitsOf('JPY')).toBe(0);
  });
});
