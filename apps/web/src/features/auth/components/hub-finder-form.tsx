import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** For /signup without a hub: asks for the hub's identifier (the part after /hub/ in its address). */
export function HubFinderForm({ initialIdentifier }: { initialIdentifier: string }) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { identifier: initialIdentifier },
    validate: {
      identifier: (value) =>
        /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value.trim())
          ? null
          : 'Enter your community’s name as it appears in its address.',
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        void navigate(paths.hub.signUp(values.identifier.trim().toLowerCase()));
      })}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Community"
          description="The name in your school’s Commons address, for example northfield in /hub/northfield."
          required
          autoComplete="off"
          key={form.key('identifier')}
          {...form.getInputProps('identifier')}
        />
        <Button type="submit" fullWidth>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
