import { checkColor, formatContrastRatio, MIN_CONTRAST_RATIO } from '@commons/domain';

/** A brand colour's contrast against white as its field describes it while typing (spec 5 Colour). */
export function contrastHint(color: string): string {
  if (color.trim() === '') return 'Empty: the app’s own colour is used.';
  const check = checkColor({ color });
  if (!check.isValid || check.contrastRatio === null) return 'Enter a colour such as #1e3a8a.';
  const ratio = formatContrastRatio(check.contrastRatio);
  return check.hasEnoughContrast
    ? `Contrast against white: ${ratio} (at least ${formatContrastRatio(MIN_CONTRAST_RATIO)} needed).`
    : `Contrast against white: ${ratio}, below the ${formatContrastRatio(MIN_CONTRAST_RATIO)} needed.`;
}
