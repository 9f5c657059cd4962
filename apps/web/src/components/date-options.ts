import { yearPickerRange } from '@commons/domain';

/** Month choices of the month selects, '' meaning none. */
export const MONTH_OPTIONS = [
  { value: '', label: 'Month' },
  ...[
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ].map((label, index) => ({ value: String(index + 1), label })),
];

/** Year choices of the year selects from the spec 5 year picker range, newest first. */
export function yearOptions(options: { now: Date; timeZone: string }) {
  const { years } = yearPickerRange(options.now, options.timeZone);
  return [
    { value: '', label: 'Year' },
    ...years.map((year) => ({ value: String(year), label: String(year) })),
  ];
}
