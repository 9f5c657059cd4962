import { profileFieldValueProblem, safeRedirectPath, type TProfileFieldValue } from '@commons/domain';
import {
  SIGNUP_REQUIRED_FIELD_LABELS,
  STANDARD_DATA_CATEGORIES,
  type TSessionUser,
  type TSignupRequiredField,
  type TStandardDataCategory,
} from '@commons/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { SchoolsEditor } from '../../../components/schools-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { WorkHistoryEditor } from '../../../components/work-history-editor';
import { isApiError } from '../../../lib/api-error';
import { hubQueryOptions } from '../../../lib/hub-query';
import { resolveViewerTimeZone } from '../../../lib/viewer-time';
import {
  emptySchoolDraft,
  schoolDraftOf,
  schoolInputOf,
  validateSchoolDrafts,
  validateWorkHistoryDrafts,
  workHistoryDraftOf,
  workHistoryInputOf,
  type TItemErrors,
  type TSchoolDraft,
  type TWorkHistoryDraft,
} from '../../../lib/profile-drafts';
import { ProfileFieldInput } from '../../../components/profile-field-input';
import {
  useCompleteSignup,
  useMyProfile,
  useSignupOptions,
  useSignupRequiredFields,
  useSignupSaves,
} from '../api/signup-api';
import { OptionPicker } from '../components/option-picker';
import { ErrorAlert } from '../../../components/error-alert';

/** The message for a field the hub's signup settings require (issue #22 item 1), as the server words it. */
const requiredMessage = (field: TSignupRequiredField) =>
  `${SIGNUP_REQUIRED_FIELD_LABELS[field]} is required by this hub.`;

const STEPS = ['About you', 'Schools and majors', 'Work history', 'Interests and help', 'Finish'] as const;

/** Labels of the standard-data categories (spec 3 standardData). */
const CATEGORY_LABELS: Record<TStandardDataCategory, string> = {
  'job-industries': 'Industries you work in or are interested in',
  'help-topics': 'Topics you can help others with',
  'job-functions': 'Job functions',
  passion: 'What you are passionate about',
  hobbies: 'Hobbies',
  archetype: 'Which describes you best',
};

/**
 * The signup steps on /hub/{id}/signup for a signed-in member whose signup is not complete (or
 * with continueRegistration=true): name, headline and location; schools and majors; work
 * history; help topics and standard data; then finish, which goes where the server says (the
 * first-time-user flow, postSignupRedirect, the hub home or pending approval). spec 4 Signup.
 */
export function OnboardingPage({
  user,
  hubIdentifier,
  hubName,
}: {
  user: TSessionUser;
  hubIdentifier: string;
  hubName: string;
}) {
  usePageTitle(`Join ${hubName}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const postSignupRedirect = safeRedirectPath(searchParams.get('postSignupRedirect'));
  const profile = useMyProfile();
  const options = useSignupOptions(hubIdentifier);
  // The hub's custom profile fields required of the member's type are asked under About you (issue #22 item 1).
  const requiredFields = useSignupRequiredFields(hubIdentifier);
  const [answers, setAnswers] = useState<Record<string, TProfileFieldValue>>({});
  const saves = useSignupSaves(hubIdentifier);
  const complete = useCompleteSignup(hubIdentifier);
  const now = useMemo(() => new Date(), []);
  const timeZone = resolveViewerTimeZone(user.timezone);

  const [step, setStep] = useState(0);
  const [basics, setBasics] = useState<Record<string, string> | null>(null);
  const [schools, setSchools] = useState<TSchoolDraft[] | null>(null);
  const [work, setWork] = useState<TWorkHistoryDraft[] | null>(null);
  const [selections, setSelections] = useState<Partial<Record<TStandardDataCategory, string[]>>>({});
  const [errors, setErrors] = useState<TItemErrors>({});
  // The hub's signup settings may require fields (issue #22 item 1); the server checks them again at Finish.
  const hub = useQuery({ ...hubQueryOptions(hubIdentifier), enabled: hubIdentifier !== '' });
  const required = new Set<TSignupRequiredField>(hub.data?.settings.requiredSignupFields ?? []);

  if (profile.isPending || requiredFields.isPending) return <LoadingState label="Loading your profile…" />;
  const askedFields = requiredFields.data ?? [];
  const answerOf = (field: (typeof askedFields)[number]) =>
    field.id in answers ? (answers[field.id] ?? null) : field.value;
  const existing = profile.data;
  const basicsValues = basics ?? {
    firstName: existing?.firstName ?? user.firstName,
    lastName: existing?.lastName ?? user.lastName,
    headline: existing?.headline ?? '',
    location: existing?.sections.about?.location ?? '',
  };
  const schoolDrafts = schools ?? (existing?.sections.schools ?? []).map(schoolDraftOf);
  const workDrafts = work ?? (existing?.sections.workHistory ?? []).map(workHistoryDraftOf);
  const shownSchools = schoolDrafts.length === 0 ? [emptySchoolDraft()] : schoolDrafts;

  const goNext = () => {
    setErrors({});
    setStep((current) => Math.min(current + 1, STEPS.length - 1));
  };
  const failWith = (error: unknown) => {
    if (isApiError(error)) setErrors(error.fields);
  };
  /** The server's `values.{i}.value` problems of the required fields, shown at each field. */
  const failWithAnswers = (error: unknown) => {
    if (!isApiError(error)) return;
    const found: TItemErrors = {};
    for (const [key, message] of Object.entries(error.fields)) {
      const match = /^values\.(\d+)\./.exec(key);
      const field = match ? askedFields[Number(match[1])] : undefined;
      if (field) found[`customFields.${field.id}`] = message;
    }
    setErrors(found);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) {
      const found: TItemErrors = {};
      if ((basicsValues.firstName ?? '').trim() === '') found.firstName = 'Enter your first name.';
      if ((basicsValues.lastName ?? '').trim() === '') found.lastName = 'Enter your last name.';
      for (const name of ['headline', 'location'] as const)
        if (required.has(name) && (basicsValues[name] ?? '').trim() === '')
          found[name] = requiredMessage(name);
      for (const field of askedFields) {
        const problem = profileFieldValueProblem(field, answerOf(field));
        if (problem !== null) found[`customFields.${field.id}`] = problem;
      }
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const text = (name: string) => (basicsValues[name] ?? '').trim();
      const saveAnswers = () => {
        if (askedFields.length === 0) return goNext();
        const values = askedFields.map((field) => ({ fieldId: field.id, value: answerOf(field) }));
        saves.customFields.mutate({ values }, { onSuccess: goNext, onError: failWithAnswers });
      };
      saves.basics.mutate(
        {
          firstName: text('firstName'),
          lastName: text('lastName'),
          headline: text('headline') === '' ? null : text('headline'),
          location: text('location') === '' ? null : text('location'),
        },
        { onSuccess: saveAnswers, onError: failWith },
      );
    } else if (step === 1) {
      const filled = shownSchools.filter(
        (draft) => draft.schoolName.trim() !== '' || draft.majors.trim() !== '',
      );
      const found = validateSchoolDrafts(filled);
      if (required.has('schools') && filled.length === 0) found.step = requiredMessage('schools');
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      saves.schools.mutate(filled.map(schoolInputOf), { onSuccess: goNext, onError: failWith });
    } else if (step === 2) {
      const found = validateWorkHistoryDrafts({ drafts: workDrafts, now, timeZone });
      if (required.has('workHistory') && workDrafts.length === 0) found.step = requiredMessage('workHistory');
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      saves.workHistory.mutate(workDrafts.map(workHistoryInputOf), { onSuccess: goNext, onError: failWith });
    } else if (step === 3) {
      const chosen = Object.fromEntries(Object.entries(selections).filter(([, ids]) => ids.length > 0));
      saves.standardData.mutate(chosen, { onSuccess: goNext, onError: failWith });
    } else {
      complete.mutate(postSignupRedirect, {
        onSuccess: (body) => void navigate(safeRedirectPath(body.redirectTo) ?? '/', { replace: true }),
        onError: (error) => {
          // A required question left unanswered (answered elsewhere and then removed): back to About you.
          if (!isApiError(error)) return;
          const unanswered = Object.keys(error.fields).filter((key) => key.startsWith('customFields.'));
          if (unanswered.length === 0) return;
          complete.reset();
          setErrors(Object.fromEntries(unanswered.map((key) => [key, error.fields[key] ?? ''])));
          setStep(0);
        },
      });
    }
  };

  const activeSaves =
    [
      [saves.basics, saves.customFields],
      [saves.schools],
      [saves.workHistory],
      [saves.standardData],
      [complete],
    ][step] ?? [];
  const isSaving = activeSaves.some((save) => save.isPending);
  const failure = activeSaves.find((save) => save.isError)?.error ?? null;
  const stepTitle = STEPS[step] ?? '';

  let body;
  if (step === 0) {
    const field = (
      name: string,
      label: string,
      extra: { required?: boolean; description?: string; autoComplete?: string } = {},
    ) => (
      <TextInput
        label={label}
        {...extra}
        value={basicsValues[name] ?? ''}
        error={errors[name]}
        onChange={(event) => setBasics({ ...basicsValues, [name]: event.currentTarget.value })}
      />
    );
    body = (
      <Stack gap="md">
        <Group grow align="flex-start">
          {field('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
          {field('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
        </Group>
        {field('headline', 'Headline', {
          required: required.has('headline'),
          description: 'For example: Biology student, class of 2027',
        })}
        {field('location', 'Location', {
          required: required.has('location'),
          description: 'City and country, for example: Seattle, USA',
        })}
        {askedFields.map((asked) => (
          <ProfileFieldInput
            key={asked.id}
            field={asked}
            value={answerOf(asked)}
            error={errors[`customFields.${asked.id}`]}
            onChange={(value) => setAnswers({ ...answers, [asked.id]: value })}
          />
        ))}
      </Stack>
    );
  } else if (step === 1) {
    body = (
      <SchoolsEditor
        items={shownSchools}
        errors={errors}
        onChange={setSchools}
        now={now}
        timeZone={timeZone}
      />
    );
  } else if (step === 2) {
    body = (
      <Stack gap="sm">
        {workDrafts.length === 0 ? (
          <Text c="dimmed">No positions yet. Add one, or go on if you have none.</Text>
        ) : null}
        <WorkHistoryEditor
          items={workDrafts}
          errors={errors}
          onChange={setWork}
          now={now}
          timeZone={timeZone}
        />
      </Stack>
    );
  } else if (step === 3) {
    if (options.isPending) body = <LoadingState label="Loading the choices…" />;
    else if (options.isError) body = <ErrorAlert error={options.error} />;
    else {
      const categories = STANDARD_DATA_CATEGORIES.filter(
        (category) => (options.data[category] ?? []).length > 0,
      );
      body =
        categories.length === 0 ? (
          <Text c="dimmed">Nothing to choose here for {hubName}. Go on to the last step.</Text>
        ) : (
          <Stack gap="lg">
            {categories.map((category) => (
              <OptionPicker
                key={category}
                label={CATEGORY_LABELS[category]}
                options={options.data[category] ?? []}
                selected={selections[category] ?? []}
                onChange={(ids) => setSelections({ ...selections, [category]: ids })}
              />
            ))}
            {errors[`selections.${categories[0] ?? ''}`] === undefined ? null : (
              <Text c="red.8">{Object.values(errors).join(' ')}</Text>
            )}
          </Stack>
        );
    }
  } else {
    body = <Text>That is all we need. You can add more to your profile at any time.</Text>;
  }

  return (
    <Stack maw={760} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>Welcome to {hubName}</Title>
        <Text c="dimmed">A few questions so people in {hubName} can find you.</Text>
      </Stack>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={handleSubmit} noValidate aria-labelledby="signup-step-heading">
          <Text size="sm" c="dimmed">
            Step {step + 1} of {STEPS.length}
          </Text>
          <Title order={2} size="h3" id="signup-step-heading" mb="md" tabIndex={-1}>
            {stepTitle}
          </Title>
          <div aria-live="assertive">
            <ErrorAlert error={failure} mb="md" title="This step was not saved">
              {Object.keys(errors).length > 0 ? 'Each problem is shown next to its field.' : undefined}
            </ErrorAlert>
          </div>
          {errors.step === undefined ? null : (
            <Text c="red.8" mb="md" role="alert">
              {errors.step}
            </Text>
          )}
          {body}
          <Group justify="space-between" mt="xl">
            {step > 0 ? (
              <Button
                variant="default"
                onClick={() => {
                  setErrors({});
                  setStep(step - 1);
                }}
                disabled={isSaving}
              >
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={isSaving}>
              {step === STEPS.length - 1 ? 'Finish' : 'Save and continue'}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
