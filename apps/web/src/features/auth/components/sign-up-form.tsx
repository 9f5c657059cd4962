import { ZSignUpRequest, type TPublicHub, type TSignUpRequest } from '@commons/contract';
import { checkPassword } from '@commons/domain';
import { Alert, Button, Group, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField, onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useSignUp } from '../api/sign-up';
import { PASSWORD_RULE_SUMMARY, PasswordRules } from '../../../components/password-rules';
import { SsoButtons } from './sso-buttons';

interface TSignUpValues {
  userTypeId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const FIELD_MESSAGES = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  email: 'Enter a valid email address.',
  password: 'Choose a password.',
};

/** Asks to join the hub (POST /api/auth/sign-up); on success the mailed link finishes the account. */
export function SignUpForm({
  hub,
  postSignupRedirect,
  onRequested,
}: {
  hub: TPublicHub;
  postSignupRedirect?: string | undefined;
  onRequested: (request: TSignUpRequest) => void;
}) {
  const signUp = useSignUp();
  const userTypes = hub.userTypes;
  // Why there is no password sign-up here (an SSO-required email domain, or email sign-up hidden), or null.
  const [passwordHidden, setPasswordHidden] = useState<string | null>(null);
  const validateContract = zodFormValidator(ZSignUpRequest, FIELD_MESSAGES);
  const form = useForm<TSignUpValues>({
    mode: 'controlled',
    initialValues: {
      userTypeId: userTypes.length === 1 ? (userTypes[0]?.id ?? '') : '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
    validate: (values) => {
      const errors: Record<string, string> = validateContract(toRequest(hub, values));
      if (userTypes.length > 0 && values.userTypeId === '') errors.userTypeId = 'Choose who you are.';
      if (values.password !== '' && !checkPassword(values.password).isValid) {
        errors.password = 'The password does not meet every requirement yet.';
      }
      delete errors.hubIdentifier;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const handleSubmit = (values: TSignUpValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    const request = {
      ...toRequest(hub, values),
      ...(postSignupRedirect === undefined ? {} : { postSignupRedirect }),
    };
    signUp.mutate(request, {
      onSuccess: () => onRequested(request),
      onError: (error) => {
        if (!isApiError(error)) return;
        form.setErrors(error.fields);
        focusFirstInvalidField(formElement);
      },
    });
  };

  const password = form.getValues().password;
  return (
    <form onSubmit={form.onSubmit(handleSubmit, onInvalidSubmit)} noValidate>
      <div aria-live="assertive">
        {signUp.isError ? (
          <Alert color="red" variant="outline" title="We could not create your account" mb="md">
            {errorText(signUp.error)}
          </Alert>
        ) : null}
      </div>
      <SsoButtons
        hubIdentifier={hub.identifier}
        email={form.getValues().email}
        mode="signup"
        onPasswordHiddenChange={setPasswordHidden}
      />
      <Stack gap="md">
        {userTypes.length > 0 ? (
          <Radio.Group
            label="I am a…"
            required
            key={form.key('userTypeId')}
            {...form.getInputProps('userTypeId')}
          >
            <Group mt="xs" gap="md">
              {userTypes.map((type) => (
                <Radio key={type.id} value={type.id} label={type.title} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {passwordHidden === null ? (
          <>
            <div>
              <PasswordInput
                label="Password"
                description={PASSWORD_RULE_SUMMARY}
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <PasswordRules password={password} id="password-rules" />
            </div>
            <Button type="submit" loading={signUp.isPending} fullWidth>
              Create account
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}

function toRequest(hub: TPublicHub, values: TSignUpValues): TSignUpRequest {
  return {
    hubIdentifier: hub.identifier,
    ...(values.userTypeId === '' ? {} : { userTypeId: values.userTypeId }),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
  };
}
