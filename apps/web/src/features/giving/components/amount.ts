/**
 * The amount a donor typed ("25", "25.5", "1,250.00") in minor units of a currency with `fractionDigits`
 * decimals, or null when it is not a plain positive-looking number (the server says what is wrong with it).
 */
export function parseAmountToMinor(text: string, fractionDigits: number): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  const pattern = fractionDigits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${fractionDigits}})?$`);
  if (!pattern.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 10 ** fractionDigits);
}

/** How many decimals the currency's amounts have (USD 2, JPY 0). */
export function fractionDigitsOf(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2
  );
}
