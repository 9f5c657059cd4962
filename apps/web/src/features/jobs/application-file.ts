/** The files an application takes (a resume, or submitted work): PDF or DOCX up to 10 MB, as the server checks. */
export const APPLICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
const APPLICATION_FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
/** The file input's accept list. */
export const APPLICATION_FILE_ACCEPT = `${APPLICATION_FILE_TYPES.join(',')},.pdf,.docx`;

/** Why a chosen file cannot be sent, before uploading it; null when it may. */
export function applicationFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!APPLICATION_FILE_TYPES.includes(file.type) && !/\.(pdf|docx)$/i.test(file.name))
    return 'Choose a PDF or Word (DOCX) file.';
  if (file.size > APPLICATION_FILE_MAX_BYTES) return 'Choose a file of at most 10 MB.';
  if (file.size === 0) return 'This file is empty.';
  return null;
}
