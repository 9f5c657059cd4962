import { Button, Checkbox, Radio, Select, Stack, Textarea, TextInput, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TCreatePledgeResponse, TGivingPage } from '@commons/contract';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { ErrorState } from '../../../components/error-state';
import { useCreatePledge } from '../api/giving';
import { fractionDigitsOf, parseAmountToMinor } from './amount';

type TValues = {
  amount: string;
  designation: string;
  isRecurring: boolean;
  frequency: '' | 'monthly' | 'annually';
  isAnonymous: boolean;
  note: string;
};

const INITIAL: TValues = {
  amount: '',
  designation: '',
  isRecurring: false,
  frequency: '',
  isAnonymous: false,
  note: '',
};

/** The server's field names → the form's (the amount is typed in major units, sent in minor units). */
const SERVER_FIELDS: Record<string, keyof TValues> = {
  amountMinor: 'amount',
  designation: 'designation',
  frequency: 'frequency',
  note: 'note',
};

/** The giving form (issue #18 item 6): amount, designation, recurring and how often, anonymous, a note. */
export function PledgeForm({
  hubIdentifier,
  page,
  onPledged,
}: {
  hubIdentifier: string;
  page: TGivingPage;
  onPledged: (answer: TCreatePledgeResponse) => void;
}) {
  const create = useCreatePledge(hubIdentifier);
  const digits = fractionDigitsOf(page.currency);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: {
      amount: (value) =>
        parseAmountToMinor(value, digits) === null
          ? `Enter an amount such as ${digits === 0 ? '50' : '25 or 25.50'}.`
          : null,
    },
  });

  const handleSubmit = (values: TValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    create.mutate(
      {
        amountMinor: parseAmountToMinor(values.amount, digits) ?? 0,
        designation: values.designation.trim() === '' ? null : values.designation.trim(),
        isRecurring: values.isRecurring,
        frequency: values.isRecurring && values.frequency !== '' ? values.frequency : null,
        isAnonymous: values.isAnonymous,
        note: values.note.trim() === '' ? null : values.note,
      },
      {
        onSuccess: (answer) => {
          form.reset();
          onPledged(answer);
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          form.setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [
                SERVER_FIELDS[field] ?? field,
                message,
              ]),
            ),
          );
          focusFirstInvalidField(formElement);
        },
      },
    );
  };

  const hasFieldErrors = isApiError(create.error) && Object.keys(create.error.fields).length > 0;
  return (
    <form
      onSubmit={form.onSubmit(handleSubmit, (_errors, _values, event) =>
        focusFirstInvalidField(event?.currentTarget),
      )}
      noValidate
      aria-label="Pledge a gift"
    >
      <Stack gap="md" maw={520}>
        <TextInput
          label={`Amount (${page.currency})`}
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('amount')}
        />
        {page.designations.length > 0 ? (
          <Select
            label="Designation"
            description="Where your gift goes."
            placeholder="Choose a designation"
            data={page.designations}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('designation')}
            onChange={(value) => form.setFieldValue('designation', value ?? '')}
          />
        ) : (
          <TextInput
            label="Designation (optional)"
            description="A fund or cause; leave it empty to give where it is needed most."
            maxLength={120}
            {...form.getInputProps('designation')}
          />
        )}
        <Checkbox
          label="Make this a recurring gift"
          {...form.getInputProps('isRecurring', { type: 'checkbox' })}
        />
        {form.values.isRecurring ? (
          <Radio.Group label="How often" withAsterisk {...form.getInputProps('frequency')}>
            <Group mt="xs">
              <Radio value="monthly" label="Monthly" />
              <Radio value="annually" label="Annually" />
            </Group>
          </Radio.Group>
        ) : null}
        <Checkbox
          label="Give anonymously"
          description="Your name is not shown with this gift; the giving office still sees it for your receipt."
          {...form.getInputProps('isAnonymous', { type: 'checkbox' })}
        />
        <Textarea
          label="Note (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('note')}
        />
        {create.isError && !hasFieldErrors ? <ErrorState error={create.error} /> : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Make my pledge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
