/**
 * CSV of RFC 4180 for member import and export (issue #6 Group admin): quoted fields with doubled quotes,
 * commas and line breaks inside quotes, CRLF or LF line ends, a leading byte order mark.
 */

/** Parses CSV text into rows of fields, each with its 1-based line number; blank lines are left out. */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (isQuoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        isQuoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      field = '';
      isQuoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ (a formula to
 * spreadsheet programs) is prefixed with an apostrophe so an exported answer never runs as one.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields as CSV text with CRLF line ends (RFC 4180). */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
