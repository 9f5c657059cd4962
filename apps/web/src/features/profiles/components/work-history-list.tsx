import type { TProfile } from '@commons/contract';
import { durationText } from '@commons/domain';
import { List, Text } from '@mantine/core';

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthYear(month: number | null, year: number | null): string {
  if (year === null) return '';
  return month === null ? String(year) : `${MONTH_SHORT[month - 1] ?? ''} ${year}`;
}

/** Work history as read (spec 3): role, company ('Freelance' shows nothing), dates and duration (spec 5 Durations). */
export function WorkHistoryList(props: {
  items: NonNullable<TProfile['sections']['workHistory']>;
  now: Date;
  timeZone: string;
}) {
  if (props.items.length === 0) return <Text c="dimmed">No work history yet.</Text>;
  return (
    <List spacing="sm" listStyleType="none">
      {props.items.map((item) => {
        const start = monthYear(item.startMonth, item.startYear);
        const end = item.current ? 'Present' : monthYear(item.endMonth, item.endYear);
        const duration = durationText({
          startMonth: item.startMonth,
          startYear: item.startYear,
          endMonth: item.endMonth,
          endYear: item.endYear,
          isCurrent: item.current,
          now: props.now,
          timeZone: props.timeZone,
        });
        const dates = [start === '' && end === '' ? '' : `${start} – ${end}`, duration ?? '']
          .filter(Boolean)
          .join(' · ');
        return (
          <List.Item key={item.id}>
            <Text fw={600}>{item.role}</Text>
            {item.displayCompany === null ? null : <Text>{item.displayCompany}</Text>}
            {dates === '' ? null : (
              <Text size="sm" c="dimmed">
                {dates}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
