import { Checkbox, Stack, Text } from '@mantine/core';

/** One facet of the board: checkboxes with how many posts each value has (counted over the other filters). */
export function FacetCheckboxes(props: {
  label: string;
  options: readonly { value: string; label: string; count: number }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  // A chosen value stays offered when the other filters leave no post with it, so it can be unchecked.
  const offered = [
    ...props.options,
    ...props.selected
      .filter((value) => !props.options.some((option) => option.value === value))
      .map((value) => ({ value, label: value, count: 0 })),
  ];
  if (offered.length === 0) return null;
  return (
    <Checkbox.Group label={props.label} value={[...props.selected]} onChange={props.onChange}>
      <Stack gap={6} mt="xs">
        {offered.map((option) => (
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
