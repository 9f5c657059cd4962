import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  type TActionItemAdminEntry,
} from '@commons/contract';
import {
  Button,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FormEvent } from 'react';
import { ActionItemBanner } from '../../../components/action-item-banner';
import { ErrorAlert } from '../../../components/error-alert';
import { HubImageField } from '../../../components/hub-image-field';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useUpdateActionItemSetting } from '../api/action-item-settings';
import {
  bannerPreviewOf,
  formValuesOf,
  settingRequestOf,
  type TActionItemFormValues,
} from './action-item-form-values';

/**
 * The edit form of one action item (spec 3: header, description, button, images, reflection prompt; the
 * link of the custom manual action), beside a preview of the banner as members see it.
 */
export function ActionItemSettingForm(props: { hubIdentifier: string; entry: TActionItemAdminEntry }) {
  const { entry } = props;
  const update = useUpdateActionItemSetting(props.hubIdentifier);
  const form = useForm<TActionItemFormValues>({ mode: 'controlled', initialValues: formValuesOf(entry) });
  const isManual = entry.type === 'custom_manual_action';
  const preview = bannerPreviewOf(entry, form.values);
  const id = `action-item-setting-${entry.type}`;

  const handleSubmit = (values: TActionItemFormValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    update.mutate(
      { type: entry.type, setting: settingRequestOf(entry, values) },
      {
        onSuccess: () => {
          form.resetDirty();
          notifications.show({ color: 'green', message: `“${preview.title}” saved.` });
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          form.setErrors(error.fields);
          focusFirstInvalidField(formElement);
        },
      },
    );
  };
  const hasFieldErrors = isApiError(update.error) && Object.keys(update.error.fields).length > 0;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={`Edit ${entry.defaults.title}`}>
        <Stack gap="sm">
          <Switch
            label={isManual ? 'Offer this item' : 'Show this item'}
            description={
              isManual
                ? 'Members see it once it is on and has a link; they mark it done themselves.'
                : 'When off, members of this hub do not see it.'
            }
            {...form.getInputProps('isEnabled', { type: 'checkbox' })}
          />
          {isManual ? (
            <TextInput
              label="Link"
              description="Where the button leads: a page of this site (starting with /) or an address starting with https://."
              placeholder="https://"
              maxLength={2000}
              {...form.getInputProps('link')}
            />
          ) : null}
          <TextInput
            label="Header"
            description={`Leave empty for “${entry.defaults.title}”.`}
            maxLength={200}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            description={`Leave empty for “${entry.defaults.description}”.`}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          <TextInput
            label="Button label"
            description={`Leave empty for “${entry.defaults.buttonLabel}”.`}
            maxLength={100}
            {...form.getInputProps('buttonLabel')}
          />
          <HubImageField
            label="Image"
            description="JPEG, PNG or WebP, up to 120 kB; shown across the top of the banner."
            maxBytes={ACTION_ITEM_IMAGE_MAX_BYTES}
            tooLargeMessage={ACTION_ITEM_IMAGE_TOO_LARGE}
            value={form.values.imageUrl}
            error={form.errors['imageUrl']?.toString()}
            onChange={(url) => {
              form.setFieldValue('imageUrl', url);
              form.clearFieldError('imageUrl');
            }}
          />
          <HubImageField
            label="Mobile image"
            description="Optional, up to 120 kB; shown instead on narrow screens."
            maxBytes={ACTION_ITEM_IMAGE_MAX_BYTES}
            tooLargeMessage={ACTION_ITEM_IMAGE_TOO_LARGE}
            value={form.values.mobileImageUrl}
            error={form.errors['mobileImageUrl']?.toString()}
            onChange={(url) => {
              form.setFieldValue('mobileImageUrl', url);
              form.clearFieldError('mobileImageUrl');
            }}
          />
          <Textarea
            label="Reflection prompt"
            description="Asked once a member completes the item; they may answer or skip. Leave empty to ask nothing."
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('reflectionPrompt')}
          />
          {hasFieldErrors ? null : <ErrorAlert error={update.error} />}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save<VisuallyHidden component="span">: {entry.defaults.title}</VisuallyHidden>
            </Button>
            {form.isDirty() ? (
              <Button variant="default" onClick={() => form.reset()}>
                Undo changes
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <Stack gap="xs" component="section" aria-labelledby={`${id}-preview`}>
        <Title order={4} id={`${id}-preview`}>
          Preview<VisuallyHidden component="span"> of {entry.defaults.title}</VisuallyHidden>
        </Title>
        <Text size="sm" c="dark.6">
          {form.values.isEnabled ? 'As members see it on their home.' : 'Hidden: members do not see it.'}
        </Text>
        <div style={{ maxWidth: 380, opacity: form.values.isEnabled ? 1 : 0.6 }}>
          <ActionItemBanner
            item={preview}
            idPrefix="preview"
            actions={
              <Button size="sm" component="span">
                {preview.buttonLabel}
              </Button>
            }
          />
        </div>
      </Stack>
    </SimpleGrid>
  );
}
