import type { TProfile } from '@commons/contract';
import { List, Text } from '@mantine/core';

/** Schools as read (spec 3 School item): school, degree and majors, graduation year unless hidden. */
export function SchoolsList({ items }: { items: NonNullable<TProfile['sections']['schools']> }) {
  if (items.length === 0) return <Text c="dimmed">No schools yet.</Text>;
  return (
    <List spacing="sm" listStyleType="none">
      {items.map((item) => {
        const detail = [item.degreeType, item.majors.join(', ')]
          .filter((part) => part !== null && part !== '')
          .join(' · ');
        return (
          <List.Item key={item.id}>
            <Text fw={600}>{item.schoolName}</Text>
            {detail === '' ? null : <Text>{detail}</Text>}
            {item.graduationYear === null || item.isGraduationYearHidden ? null : (
              <Text size="sm" c="dimmed">
                Class of {item.graduationYear}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
