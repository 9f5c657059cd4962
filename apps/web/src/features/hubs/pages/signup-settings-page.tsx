import {
  SIGNUP_REQUIRED_FIELD_LABELS,
  SIGNUP_REQUIRED_FIELDS,
  ZUpdateSignupSettingsRequest,
  type TSignupMethod,
  type TSignupRequiredField,
  type TSignupSettings,
  type TUpdateSignupSettingsRequest,
} from '@commons/contract';
import { Button, Checkbox, Fieldset, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useSignupSettings, useUpdateSignupSettings } from '../api/hub-settings-api';

/** Names of the signup methods (spec 5 Signup methods). */
const METHOD_LABELS: Record<TSignupMethod, string> = {
  email: 'Email and password',
  google: 'Google',
  linkedin: 'LinkedIn',
  sso: 'Single sign-on (SSO)',
};

const requestOf = (settings: TSignupSettings): TUpdateSignupSettingsRequest => ({
  isStandardSignupEnabled: settings.isStandardSignupEnabled,
  hiddenSignupMethods: settings.signupMethods.filter((m) => !m.isShown).map((m) => m.method),
  isApprovalRequired: settings.isApprovalRequired,
  autoApprovedUserTypeIds: settings.userTypes.filter((t) => t.isAutoApproved).map((t) => t.id),
  requiredFields: settings.requiredFields,
});

/** The signup settings form: methods, approval, auto-approval per user type, required fields. */
function SignupSettingsForm(props: { hubIdentifier: string; settings: TSignupSettings }) {
  const update = useUpdateSignupSettings(props.hubIdentifier);
  const [values, setValues] = useState<TUpdateSignupSettingsRequest>(() => requestOf(props.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<TUpdateSignupSettingsRequest>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZUpdateSignupSettingsRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        setValues(requestOf(answer));
        notifications.show({ color: 'green', message: 'Signup settings saved.' });
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Signup settings">
      <Stack gap="lg" maw={720}>
        <Fieldset legend="Signup methods">
          <Stack gap="sm">
            <Switch
              size="md"
              label="People may sign up to this hub themselves"
              description="Off: only invited or imported people join."
              checked={values.isStandardSignupEnabled}
              onChange={(event) => set({ isStandardSignupEnabled: event.currentTarget.checked })}
              styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
            />
            <Checkbox.Group
              label="Methods offered on the signup page"
              value={props.settings.signupMethods
                .map((m) => m.method)
                .filter((method) => !values.hiddenSignupMethods.includes(method))}
              onChange={(shown) =>
                set({
                  hiddenSignupMethods: props.settings.signupMethods
                    .map((m) => m.method)
                    .filter((method) => !shown.includes(method)),
                })
              }
              error={errors['hiddenSignupMethods']}
            >
              <Stack gap="xs" mt="xs">
                {props.settings.signupMethods.map((m) => (
                  <Checkbox
                    key={m.method}
                    value={m.method}
                    label={METHOD_LABELS[m.method]}
                    description={
                      m.isAvailable ? undefined : 'Offered once your community sets up this sign-in provider.'
                    }
                    styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Approval">
          <Stack gap="sm">
            <Switch
              size="md"
              label="New members wait for an admin’s approval"
              description="Off: everyone who signs up is approved at once."
              checked={values.isApprovalRequired}
              onChange={(event) => set({ isApprovalRequired: event.currentTarget.checked })}
              styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
            />
            {values.isApprovalRequired ? (
              <Checkbox.Group
                label="Approve these user types at once"
                description="Their sign-ups skip the approval queue."
                value={values.autoApprovedUserTypeIds}
                onChange={(ids) => set({ autoApprovedUserTypeIds: ids })}
                error={errors['autoApprovedUserTypeIds']}
                styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
              >
                <Stack gap="xs" mt="xs">
                  {props.settings.userTypes.length === 0 ? (
                    <Text size="sm" c="dark.6">
                      This hub has no user types yet.
                    </Text>
                  ) : (
                    props.settings.userTypes.map((type) => (
                      <Checkbox key={type.id} value={type.id} label={type.title} />
                    ))
                  )}
                </Stack>
              </Checkbox.Group>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend="Required fields">
          <Checkbox.Group
            label="Members must fill these in before they finish signing up"
            value={values.requiredFields}
            onChange={(fields) =>
              set({
                requiredFields: SIGNUP_REQUIRED_FIELDS.filter((field) =>
                  (fields as string[]).includes(field),
                ) as TSignupRequiredField[],
              })
            }
            error={errors['requiredFields']}
          >
            <Stack gap="xs" mt="xs">
              {SIGNUP_REQUIRED_FIELDS.map((field) => (
                <Checkbox key={field} value={field} label={SIGNUP_REQUIRED_FIELD_LABELS[field]} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Fieldset>

        {update.isError ? <ErrorAlert error={update.error} /> : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save signup settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/signup-settings (issue #22 item 1; spec 5 Signup methods; spec 4 Signup and approval): hub
 * admins with signup-settings choose the signup methods, whether new members wait for approval, the user types
 * approved at once and the profile fields the signup steps require.
 */
export function SignupSettingsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Signup settings');
  const settings = useSignupSettings(identifier);
  const heading = <Title order={1}>Signup settings</Title>;
  if (settings.isPending) return <LoadingState label="Loading the signup settings…" />;
  if (settings.isError) {
    if (isApiError(settings.error) && settings.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot change the signup settings here">
            Changing how people join the hub needs the “signup settings” right in this hub.
          </EmptyState>
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">How people join this hub. Changes apply to the next sign-up.</Text>
      </Stack>
      <SignupSettingsForm hubIdentifier={identifier} settings={settings.data} />
    </Stack>
  );
}
