import type { TPostAuthor } from '@commons/contract';
import type { TAuthorRow } from './content.queries.js';

const EXCERPT_LENGTH = 240;

/** How much of a text `excerpt` needs to cut it exactly as it would cut the whole (one character past). */
export const EXCERPT_SOURCE_LENGTH = EXCERPT_LENGTH + 1;

/** A post's author as the API shows it: id, identifier, full name and photo (spec 7 user shape). */
export function presentAuthor(author: TAuthorRow): TPostAuthor | null {
  if (!author) return null;
  return {
    id: author.id,
    identifier: author.identifier,
    fullname: `${author.firstName} ${author.lastName}`.trim(),
    photoUrl: author.photoUrl,
  };
}

/** The start of a post's plain text for lists and feed lines, cut on a word with an ellipsis. */
export function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}
