/**
 * The community step of sign-up without a hub (issue #16 item 10): people type their school's name, with
 * any case, spacing or typo, and are offered the hubs that match.
 */

/** Search text as compared: case and runs of spaces do not matter. */
export function normalizeCommunitySearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The community the text names exactly, by its name or its identifier (the part after /hub/), if any:
 * only then does the step go on without asking, so a near miss never signs someone up at the wrong school.
 */
export function exactCommunityMatch<T extends { identifier: string; name: string }>(
  text: string,
  communities: readonly T[],
): T | undefined {
  const wanted = normalizeCommunitySearch(text);
  if (wanted === '') return undefined;
  return communities.find(
    (c) => normalizeCommunitySearch(c.name) === wanted || normalizeCommunitySearch(c.identifier) === wanted,
  );
}

/** A hub open for sign-up from the public pages: standard sign-up on and the email method not hidden. */
export function isOpenForEmailSignup(options: {
  isStandardSignupEnabled: boolean;
  hiddenSignupMethods: readonly string[];
}): boolean {
  return options.isStandardSignupEnabled && !options.hiddenSignupMethods.includes('email');
}
