import type { TAttendee, TRegistrationQuestion } from '@commons/contract';

/** One CSV cell: quoted, and a leading = + - @ neutralised so spreadsheets never run it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The attendee list as CSV (RFC 4180, CRLF) with one column per registration question. */
export function attendeesCsv(options: {
  questions: readonly TRegistrationQuestion[];
  attendees: readonly TAttendee[];
}): string {
  const header = [
    'Name',
    'Email',
    'Status',
    'Registered at',
    'Checked in at',
    ...options.questions.map((q) => q.label),
  ];
  const lines = options.attendees.map((a) =>
    [
      a.user.fullname,
      a.email,
      a.status,
      a.registeredAt,
      a.checkedInAt ?? '',
      ...options.questions.map((q) => a.answers[q.id] ?? ''),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
