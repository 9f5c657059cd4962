/**
 * Pure rules of the answers a member gives on a step (issue #20 item 1): why a text is kept but not saved
 * (spec 5 Profile answer saving, as the server decides it), and the documents a file upload step takes.
 */
import { stripMarkup, textAnswerCountProblem } from '@commons/domain';

/**
 * Why a text answer is kept but not saved, or null: empty after its markup is stripped, or (for reflections
 * and text questions, `isCounted`) under 50 or over 1000 characters (spec 5, spec 9).
 */
export function unsavedTextReason(text: string, options: { isCounted: boolean }): string | null {
  const plain = stripMarkup(text);
  if (plain === '') return 'An empty answer is not saved.';
  return options.isCounted ? textAnswerCountProblem(plain.length) : null;
}

/** The characters a text answer counts, as the server counts them (markup stripped). */
export function textCount(text: string): number {
  return stripMarkup(text).length;
}

/** Documents a file upload step takes, as the server checks them: PDF or DOCX, at most 10 MB. */
export const STEP_FILE_MAX_BYTES = 10 * 1024 * 1024;
const STEP_FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
/** The file input's accept list. */
export const STEP_FILE_ACCEPT = `${STEP_FILE_TYPES.join(',')},.pdf,.docx`;

/** Why a chosen file cannot be sent, before uploading it; null when it may. */
export function stepFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!STEP_FILE_TYPES.includes(file.type) && !/\.(pdf|docx)$/i.test(file.name))
    return 'Choose a PDF or Word (DOCX) file.';
  if (file.size > STEP_FILE_MAX_BYTES) return 'Choose a file of at most 10 MB.';
  if (file.size === 0) return 'This file is empty.';
  return null;
}

/** A file size for people: '820 KB', '1.4 MB'. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
