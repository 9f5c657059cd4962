import { ActionIcon, Button, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  type TGivingSettings,
} from '@commons/contract';
import type { FormEvent } from 'react';
import { ErrorState } from '../../../components/error-state';
import { HubImageField } from '../../../components/hub-image-field';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useUpdateGivingSettings } from '../api/giving';

type TValues = {
  isDonationsEnabled: boolean;
  hasBanner: boolean;
  title: string;
  description: string;
  bannerImage: string;
  giveCampusURL: string;
  linkLabel: string;
  designations: string[];
  currency: string;
};

function valuesOf(settings: TGivingSettings): TValues {
  return {
    isDonationsEnabled: settings.isDonationsEnabled,
    hasBanner: settings.banner !== null,
    title: settings.banner?.title ?? '',
    description: settings.banner?.description ?? '',
    bannerImage: settings.banner?.bannerImage ?? '',
    giveCampusURL: settings.banner?.giveCampusURL ?? '',
    linkLabel: settings.banner?.linkLabel ?? '',
    designations: settings.designations,
    currency: settings.currency,
  };
}

/** The server's field names (banner.title, designations.2) → the form's. */
function formFieldOf(field: string): string {
  return field.startsWith('banner.') ? field.slice('banner.'.length) : field;
}

/** The donations admins' settings: donations on or off, the giving banner, designations and currency. */
export function GivingSettingsForm({
  hubIdentifier,
  settings,
}: {
  hubIdentifier: string;
  settings: TGivingSettings;
}) {
  const update = useUpdateGivingSettings(hubIdentifier);
  const form = useForm<TValues>({ mode: 'controlled', initialValues: valuesOf(settings) });

  const handleSubmit = (values: TValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    update.mutate(
      {
        isDonationsEnabled: values.isDonationsEnabled,
        banner: values.hasBanner
          ? {
              title: values.title,
              description: values.description,
              bannerImage: values.bannerImage.trim() === '' ? null : values.bannerImage.trim(),
              giveCampusURL: values.giveCampusURL.trim() === '' ? null : values.giveCampusURL.trim(),
              linkLabel: values.linkLabel,
            }
          : null,
        designations: values.designations.map((d) => d.trim()).filter((d) => d !== ''),
        currency: values.currency.trim().toUpperCase(),
      },
      {
        onSuccess: (saved) => {
          form.setValues(valuesOf(saved));
          form.resetDirty();
          notifications.show({ color: 'green', message: 'Giving settings saved.' });
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          form.setErrors(
            Object.fromEntries(Object.entries(error.fields).map(([f, m]) => [formFieldOf(f), m])),
          );
          focusFirstInvalidField(formElement);
        },
      },
    );
  };

  const hasFieldErrors = isApiError(update.error) && Object.keys(update.error.fields).length > 0;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-labelledby="giving-settings-heading">
      <Stack gap="md" maw={640}>
        <Title order={2} id="giving-settings-heading">
          Settings
        </Title>
        <Checkbox
          label="Take donations in this hub"
          description="Members whose member type has the giving form see the giving banner and may pledge."
          {...form.getInputProps('isDonationsEnabled', { type: 'checkbox' })}
        />
        <Checkbox
          label="Show a giving banner"
          description="On the home of those who may give, and at the top of the giving page."
          {...form.getInputProps('hasBanner', { type: 'checkbox' })}
        />
        {form.values.hasBanner ? (
          <Stack gap="sm" pl="md">
            <TextInput label="Banner title" withAsterisk maxLength={200} {...form.getInputProps('title')} />
            <Textarea
              label="Banner text"
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('description')}
            />
            <TextInput
              label="Payment page address"
              description="The school’s own payment page (for example GiveCampus), where donors complete their gift."
              placeholder="https://"
              type="url"
              {...form.getInputProps('giveCampusURL')}
            />
            <TextInput label="Button label" maxLength={100} {...form.getInputProps('linkLabel')} />
            <HubImageField
              label="Banner image"
              description="JPEG, PNG or WebP, at most 120 kB. Optional."
              // The server limits the giving banner as it does action-item banners (giving.commands).
              maxBytes={ACTION_ITEM_IMAGE_MAX_BYTES}
              tooLargeMessage={ACTION_ITEM_IMAGE_TOO_LARGE}
              value={form.values.bannerImage === '' ? null : form.values.bannerImage}
              error={typeof form.errors['bannerImage'] === 'string' ? form.errors['bannerImage'] : undefined}
              onChange={(url) => form.setFieldValue('bannerImage', url ?? '')}
            />
          </Stack>
        ) : null}
        <Stack gap="xs">
          <Text fw={500} id="designations-label">
            Designations
          </Text>
          <Text size="sm" c="dimmed">
            The funds donors choose from. With none, donors may name any cause or leave it to the school.
          </Text>
          {form.values.designations.map((_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={`Designation ${index + 1}`}
                style={{ flex: 1 }}
                maxLength={120}
                {...form.getInputProps(`designations.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={`Remove designation ${index + 1}`}
                onClick={() => form.removeListItem('designations', index)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {form.errors['designations'] ? (
            <Text size="sm" c="red.8" role="alert">
              {form.errors['designations']}
            </Text>
          ) : null}
          <Group>
            <Button variant="outline" size="xs" onClick={() => form.insertListItem('designations', '')}>
              Add a designation
            </Button>
          </Group>
        </Stack>
        <TextInput
          label="Currency"
          description="Three-letter code, such as USD, EUR or GBP."
          maxLength={3}
          w={160}
          {...form.getInputProps('currency')}
        />
        {update.isError && !hasFieldErrors ? <ErrorState error={update.error} /> : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
