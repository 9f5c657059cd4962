import {
  BADGE_IMAGE_MAX_BYTES,
  BADGE_IMAGE_TOO_LARGE,
  ZSaveBadgeRequest,
  type TBadge,
  type TSaveBadgeRequest,
} from '@commons/contract';
import { BADGE_RULE_KINDS, BADGE_RULE_LABELS, type TBadgeRuleKind } from '@commons/domain';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { BadgeMedal } from '../../../components/badge-medal';
import { ErrorAlert } from '../../../components/error-alert';
import { HubImageField } from '../../../components/hub-image-field';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField, onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useSaveBadge } from '../api/badges-api';

type TBadgeFormValues = {
  title: string;
  description: string;
  imageUrl: string | null;
  ruleKind: TBadgeRuleKind;
  threshold: number | string;
  isEnabled: boolean;
};

function initialValues(badge: TBadge | null): TBadgeFormValues {
  return {
    title: badge?.title ?? '',
    description: badge?.description ?? '',
    imageUrl: badge?.imageUrl ?? null,
    ruleKind: badge?.rule.kind ?? 'answers_given',
    threshold: badge?.rule.threshold ?? 1,
    isEnabled: badge?.isEnabled ?? true,
  };
}

function requestOf(values: TBadgeFormValues): TSaveBadgeRequest {
  return {
    title: values.title,
    description: values.description,
    imageUrl: values.imageUrl,
    rule: { kind: values.ruleKind, threshold: Number(values.threshold) },
    isEnabled: values.isEnabled,
  };
}

const validateRequest = zodFormValidator(ZSaveBadgeRequest);

/** Form field of each request path, for the contract's and the server's messages. */
function formErrors(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path === 'rule.threshold' ? 'threshold' : path === 'rule.kind' ? 'ruleKind' : path;
    mapped[field] ??= message;
  }
  return mapped;
}

/**
 * Creates or edits a hub's badge (issue #18 item 5): title, description, an image uploaded to the hub
 * (at most 120 kB), what earns it (a rule kind and a count) and whether it is awarded. The contract's
 * messages show under each field, and the server's (an image too large or not of this hub) too.
 */
export function BadgeFormModal(props: {
  hubIdentifier: string;
  badge: TBadge | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (badge: TBadge) => void;
}) {
  const save = useSaveBadge(props.hubIdentifier);
  const formId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<TBadgeFormValues>({
    initialValues: initialValues(props.badge),
    validate: (values) => formErrors(validateRequest(requestOf(values))),
  });
  const isThresholdFixed = BADGE_RULE_LABELS[form.values.ruleKind].isThresholdFixed;

  const handleSubmit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: props.badge?.id ?? null, body: requestOf(values) },
        {
          onSuccess: (badge) => props.onSaved(badge),
          onError: (error) => {
            if (isApiError(error) && Object.keys(error.fields).length > 0) {
              form.setErrors(formErrors(error.fields));
              focusFirstInvalidField(document.getElementById(formId));
            }
          },
        },
      ),
    onInvalidSubmit,
  );
  const hasFieldErrors = isApiError(save.error) && Object.keys(save.error.fields).length > 0;

  return (
    <Modal
      opened={props.isOpen}
      onClose={props.onClose}
      title={props.badge === null ? 'Create a badge' : `Edit “${props.badge.title}”`}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label="Title" required maxLength={80} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            description="What the badge is for; members see it when they earn it."
            required
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('description')}
          />
          <HubImageField
            label="Image"
            description="JPEG, PNG or WebP, up to 120 kB; a square image fits best. Without one, a medal is shown."
            maxBytes={BADGE_IMAGE_MAX_BYTES}
            tooLargeMessage={BADGE_IMAGE_TOO_LARGE}
            value={form.values.imageUrl}
            error={form.errors['imageUrl']?.toString()}
            onChange={(url) => {
              form.setFieldValue('imageUrl', url);
              form.clearFieldError('imageUrl');
            }}
            renderPreview={(url) => <BadgeMedal imageUrl={url} size={56} />}
            onUploadingChange={setIsUploading}
          />
          <Select
            label="Earned for"
            allowDeselect={false}
            data={BADGE_RULE_KINDS.map((kind) => ({ value: kind, label: BADGE_RULE_LABELS[kind].label }))}
            {...form.getInputProps('ruleKind')}
            onChange={(value) => {
              if (value === null) return;
              form.setFieldValue('ruleKind', value as TBadgeRuleKind);
              if (BADGE_RULE_LABELS[value as TBadgeRuleKind].isThresholdFixed)
                form.setFieldValue('threshold', 1);
            }}
          />
          <NumberInput
            label="How many it takes"
            description={
              isThresholdFixed
                ? 'A complete profile earns it once.'
                : `The number of ${BADGE_RULE_LABELS[form.values.ruleKind].unit} that earns the badge.`
            }
            min={1}
            allowDecimal={false}
            disabled={isThresholdFixed}
            {...form.getInputProps('threshold')}
          />
          <Checkbox
            label="Awarded: members can earn it now"
            {...form.getInputProps('isEnabled', { type: 'checkbox' })}
          />
          {hasFieldErrors ? null : <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={isUploading}>
              {props.badge === null ? 'Create badge' : 'Save badge'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
