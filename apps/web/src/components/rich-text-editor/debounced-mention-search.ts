import { MENTION_SEARCH_DEBOUNCE_MS, mentionSearchTerm } from '@commons/domain';

/** A person offered in the mention list (spec 7 user search for mentions). */
export interface TMentionCandidate {
  id: string;
  identifier: string;
  fullname: string;
  photoUrl: string | null;
}

/**
 * The mention lookup as the user types after '@' (spec 5 Mention search): the call waits 300 ms
 * after the last keystroke; a term with anything but letters, spaces, Å, Ä, Ö or hyphens is ignored
 * and keeps the previous results; an empty term shows nobody. Every caller still waiting when the
 * lookup answers gets the same newest results, so a slow answer never replaces a newer one.
 */
export function createDebouncedMentionSearch(
  fetchPeople: (term: string) => Promise<TMentionCandidate[]>,
  delayMs: number = MENTION_SEARCH_DEBOUNCE_MS,
): (query: string) => Promise<TMentionCandidate[]> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: TMentionCandidate[] = [];
  let waiting: Array<(items: TMentionCandidate[]) => void> = [];
  return (query) =>
    new Promise((resolve) => {
      if (query.trim() === '') {
        resolve([]);
        return;
      }
      const term = mentionSearchTerm(query);
      if (term === null) {
        resolve(latest);
        return;
      }
      waiting.push(resolve);
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const answered = waiting;
        waiting = [];
        fetchPeople(term)
          .then((items) => {
            latest = items;
          })
          .catch(() => undefined)
          .finally(() => {
            for (const done of answered) done(latest);
          });
      }, delayMs);
    });
}
