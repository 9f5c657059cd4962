import { ASSESSMENT_SECRET_MESSAGE, ASSESSMENT_SLUG_MESSAGE, type TAdminAssessment } from '@commons/contract';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_SLUG_PATTERN,
  assessmentSlugOf,
  DEFAULT_ASSESSMENT_NAME,
} from '@commons/domain';
import { Button, Group, PasswordInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useSaveAssessment } from '../api/assessments-admin';

/**
 * Add or edit an assessment: name, address (slug), description, the provider's launch URL and the shared secret
 * that signs launches and results. The secret is never shown again; on edit an empty field keeps it.
 */
export function AssessmentForm(props: {
  hubIdentifier: string;
  assessment: TAdminAssessment | null;
  onDone: () => void;
}) {
  const { assessment } = props;
  const isNew = assessment === null;
  const save = useSaveAssessment(props.hubIdentifier);
  const [name, setName] = useState(assessment?.name ?? DEFAULT_ASSESSMENT_NAME);
  const [slug, setSlug] = useState(assessment?.slug ?? assessmentSlugOf(DEFAULT_ASSESSMENT_NAME));
  const [isSlugEdited, setIsSlugEdited] = useState(!isNew);
  const [description, setDescription] = useState(assessment?.description ?? '');
  const [launchUrl, setLaunchUrl] = useState(assessment?.launchUrl ?? '');
  const [sharedSecret, setSharedSecret] = useState('');
  const [isActive, setIsActive] = useState(assessment?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = { ...(isApiError(save.error) ? save.error.fields : {}), ...errors };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (name.trim() === '') found['name'] = 'Enter a name.';
    if (!ASSESSMENT_SLUG_PATTERN.test(slug)) found['slug'] = ASSESSMENT_SLUG_MESSAGE;
    if (launchUrl.trim() === '') found['launchUrl'] = 'Enter the provider’s launch address.';
    const isSecretNeeded = isNew || sharedSecret !== '';
    if (
      isSecretNeeded &&
      (sharedSecret.length < ASSESSMENT_LIMITS.secretMin || sharedSecret.length > ASSESSMENT_LIMITS.secretMax)
    )
      found['sharedSecret'] = ASSESSMENT_SECRET_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const common = { name: name.trim(), slug, description: description.trim(), isActive };
    const onSuccess = (saved: TAdminAssessment) => {
      notifications.show({ color: 'green', message: `“${saved.name}” saved.` });
      props.onDone();
    };
    if (isNew)
      save.mutate(
        { id: null, body: { ...common, launchUrl: launchUrl.trim(), sharedSecret } },
        { onSuccess },
      );
    else
      save.mutate(
        {
          id: assessment.id,
          body: {
            ...common,
            // The stored launch URL is sent only when changed (the demo's is a path of this deployment).
            ...(launchUrl.trim() === assessment.launchUrl ? {} : { launchUrl: launchUrl.trim() }),
            ...(sharedSecret === '' ? {} : { sharedSecret }),
          },
        },
        { onSuccess },
      );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Assessment">
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={ASSESSMENT_LIMITS.nameMax}
          value={name}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setName(next);
            if (!isSlugEdited) setSlug(assessmentSlugOf(next));
          }}
          error={fields['name']}
          data-autofocus
        />
        <TextInput
          label="Address"
          description="The last part of the assessment’s page: /career-assessment/{address}."
          required
          maxLength={ASSESSMENT_LIMITS.slugMax}
          value={slug}
          onChange={(event) => {
            setIsSlugEdited(true);
            setSlug(event.currentTarget.value.trim().toLowerCase());
          }}
          error={fields['slug']}
        />
        <Textarea
          label="Description (optional)"
          autosize
          minRows={2}
          maxLength={ASSESSMENT_LIMITS.descriptionMax}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fields['description']}
        />
        <TextInput
          label="Launch URL"
          description="The provider’s page; Commons adds ?token= with a signed token valid for 10 minutes."
          required
          type="url"
          value={launchUrl}
          onChange={(event) => setLaunchUrl(event.currentTarget.value)}
          error={fields['launchUrl']}
        />
        <PasswordInput
          label="Shared secret"
          description={
            isNew
              ? `From the provider, ${ASSESSMENT_LIMITS.secretMin} characters or more. It signs launch tokens and results; it is stored encrypted and never shown again.`
              : 'Leave empty to keep the current secret, or enter a new one to replace it.'
          }
          required={isNew}
          autoComplete="new-password"
          value={sharedSecret}
          onChange={(event) => setSharedSecret(event.currentTarget.value)}
          error={fields['sharedSecret']}
        />
        <Switch
          label="Members can take this assessment"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        {Object.keys(fields).length === 0 ? <ErrorAlert error={save.error} /> : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {isNew ? 'Add assessment' : 'Save assessment'}
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
