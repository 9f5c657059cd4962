import { Checkbox, Stack, Text } from '@mantine/core';

/** One facet of the directory: checkboxes with the number of people for each value. */
export function FacetGroup(props: {
  label: string;
  options: { value: string; label: string; count: number }[];
  selected: string[];
  onChange: (selected: string[]) => void;
}) {
  if (props.options.length === 0) return null;
  return (
    <Checkbox.Group label={props.label} value={props.selected} onChange={props.onChange}>
      <Stack gap={6} mt="xs">
        {props.options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={
              <>
                {option.label}{' '}
                <Text span c="dimmed" size="sm">
                  ({option.count})
                </Text>
              </>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
