/**
 * An experience interest as one checkbox value ('industry:technology') and back, so the dialog can keep one
 * list of choices across its groups. Pure, tested on its own.
 */
import { EL_INTEREST_KINDS, type TElInterestKind } from '@commons/domain';

/** The checkbox value of an interest. */
export function interestKey(interest: { kind: TElInterestKind; value: string }): string {
  return `${interest.kind}:${interest.value}`;
}

function isInterestKind(value: string): value is TElInterestKind {
  return (EL_INTEREST_KINDS as readonly string[]).includes(value);
}

/** The interests of checkbox values, in their order, unknown kinds and repeats left out. */
export function interestsFromKeys(keys: readonly string[]): { kind: TElInterestKind; value: string }[] {
  const seen = new Set<string>();
  const interests: { kind: TElInterestKind; value: string }[] = [];
  for (const key of keys) {
    const colon = key.indexOf(':');
    const kind = colon < 0 ? '' : key.slice(0, colon);
    const value = colon < 0 ? '' : key.slice(colon + 1);
    if (!isInterestKind(kind) || value === '' || seen.has(key)) continue;
    seen.add(key);
    interests.push({ kind, value });
  }
  return interests;
}
