import type { TStandardOption } from '@commons/contract';
import { Checkbox, SimpleGrid, Text } from '@mantine/core';

/** Checkboxes of a standard-data option list (spec 3 standardData: id, label, emoji, subText). */
export function OptionPicker(props: {
  label: string;
  options: TStandardOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Which option field is the checkbox value: the id (standard data) or the label (matching quiz). */
  getValue?: (option: TStandardOption) => string;
}) {
  const getValue = props.getValue ?? ((option: TStandardOption) => option.id);
  return (
    <Checkbox.Group label={props.label} value={props.selected} onChange={props.onChange}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {props.options.map((option) => (
          <Checkbox
            key={option.id}
            value={getValue(option)}
            label={
              <>
                {option.emoji === null ? null : <span aria-hidden="true">{option.emoji} </span>}
                {option.label}
              </>
            }
            description={
              option.subText === null ? undefined : (
                <Text span size="xs">
                  {option.subText}
                </Text>
              )
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
