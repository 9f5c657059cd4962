import type { TSsoOptionProvider } from '@commons/contract';
import {
  AUTH_IN_PROGRESS_MESSAGE,
  emailDomainOf,
  isSsoErrorCode,
  safeRedirectPath,
  signupMethodOfProvider,
  SSO_ERROR_MESSAGES,
} from '@commons/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { isNativeApp } from '../../../lib/native-bridge';
import { signInThroughNativeApp } from '../../../lib/native-oauth';
import { startOidcSignInForApp, useSsoOptions } from '../api/sso-options';

/** The rule with 'or' between the providers and the password form (Mantine's labelled Divider, drawn here). */
const SEPARATOR_LINE = { flex: 1, borderTop: '1px solid var(--mantine-color-default-border)' } as const;

/**
 * Not Mantine's Divider: the sign-in page's lazy part would then fetch the hot pages' shared chunk (110 kB brotli)
 * for it alone (issue #17 item 7).
 */
function OrSeparator() {
  return (
    <div
      role="separator"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--mantine-spacing-xs)',
        color: 'var(--mantine-color-dimmed)',
        fontSize: 'var(--mantine-font-size-xs)',
      }}
    >
      <span aria-hidden="true" style={SEPARATOR_LINE} />
      or
      <span aria-hidden="true" style={SEPARATOR_LINE} />
    </div>
  );
}

const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The browser URL that starts a provider's round trip for this page. */
function startHref(
  provider: TSsoOptionProvider,
  options: { hubIdentifier: string | null; returnTo: string | null },
) {
  const query = new URLSearchParams();
  if (options.hubIdentifier !== null) query.set('hubId', options.hubIdentifier);
  const returnTo = safeRedirectPath(options.returnTo);
  if (returnTo !== null) query.set('returnTo', returnTo);
  const search = query.toString();
  return search === '' ? provider.startUrl : `${provider.startUrl}?${search}`;
}

/**
 * 'Continue with {name}' buttons of the cluster's identity providers on the sign-in and sign-up pages (issue #24;
 * spec 5): once the typed email's domain requires single sign-on, only its provider stays and the page hides the
 * password (told through onPasswordHiddenChange). Sign-up shows only the methods the cluster and hub do not hide. A
 * second click while the browser is already on its way answers 'auth already in progress' (spec 8). The message
 * of a failed round trip (?sso_error=) shows here. Inside the native app the button asks the app to run the round
 * trip (OAUTH_BUTTON_CLICK) instead of opening it here, and opens the address the app comes back with; the full
 * page redirect needs no popup.
 */
export function SsoButtons(props: {
  hubIdentifier: string | null;
  email: string;
  mode: 'signin' | 'signup';
  /** Why the page offers no password (an SSO-required domain; sign-up by email hidden), or null. */
  onPasswordHiddenChange: (reason: string | null) => void;
}) {
  const { onPasswordHiddenChange } = props;
  const [searchParams] = useSearchParams();
  const typed = props.email.trim().toLowerCase();
  const domain = COMPLETE_EMAIL.test(typed) ? emailDomainOf(typed) : null;
  const options = useSsoOptions({
    hubId: props.hubIdentifier,
    email: domain === null ? null : `someone@${domain}`,
  });
  const [isStarting, setIsStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [nativeFailure, setNativeFailure] = useState<string | null>(null);
  const requiredId = options.data?.requiredProviderId ?? null;
  const required = options.data?.providers.find((p) => p.id === requiredId) ?? null;

  const isEmailSignupHidden =
    props.mode === 'signup' && options.data !== undefined && !options.data.signupMethods.includes('email');
  const hiddenReason =
    required !== null
      ? `Your organization signs you in with ${required.name}.`
      : isEmailSignupHidden
        ? 'This community does not offer sign-up with email and password.'
        : null;
  useEffect(() => {
    onPasswordHiddenChange(hiddenReason);
  }, [hiddenReason, onPasswordHiddenChange]);
  // Back from the provider with the browser's back button: the page is live again.
  useEffect(() => {
    const reset = () => setIsStarting(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const methods = options.data?.signupMethods ?? [];
  const providers = (options.data?.providers ?? []).filter(
    (p) => props.mode === 'signin' || required !== null || methods.includes(signupMethodOfProvider(p)),
  );
  const errorCode = searchParams.get('sso_error');
  // spec 2: where to land afterwards, as the page's own sign-in would.
  const returnTo = searchParams.get('postLoginRedirect') ?? searchParams.get('postSignupRedirect');
  const errorMessage =
    nativeFailure ?? (errorCode !== null && isSsoErrorCode(errorCode) ? SSO_ERROR_MESSAGES[errorCode] : null);

  const startInNativeApp = async (provider: TSsoOptionProvider, startUrl: string) => {
    let url = startUrl;
    if (provider.kind === 'oidc') {
      // The webview starts the round trip (its state cookie) and the app opens the provider's URL; the callback
      // URL the app hands back then completes here. SAML answers by a POST the app cannot hand back.
      try {
        url = (await startOidcSignInForApp(provider.id, { hubIdentifier: props.hubIdentifier, returnTo }))
          .url;
      } catch (error) {
        setNativeFailure(
          isApiError(error) && error.userMessage !== null
            ? error.userMessage
            : SSO_ERROR_MESSAGES.provider_unavailable,
        );
        setIsStarting(false);
        return;
      }
    }
    const outcome = await signInThroughNativeApp({
      providerId: provider.id,
      providerKind: provider.kind,
      startUrl: url,
    });
    if (outcome.kind === 'inProgress') {
      setNotice(AUTH_IN_PROGRESS_MESSAGE);
      return;
    }
    if (outcome.kind === 'success') {
      // The page stays busy until the webview has left for the address the app came back with.
      window.location.assign(outcome.url);
      return;
    }
    setNotice(null);
    setNativeFailure(outcome.message);
    setIsStarting(false);
  };

  const handleClick = (event: MouseEvent<HTMLAnchorElement>, provider: TSsoOptionProvider) => {
    if (isStarting) {
      event.preventDefault();
      setNotice(AUTH_IN_PROGRESS_MESSAGE);
      return;
    }
    setNotice(null);
    setIsStarting(true);
    if (!isNativeApp()) return;
    event.preventDefault();
    setNativeFailure(null);
    void startInNativeApp(provider, event.currentTarget.href);
  };

  if (providers.length === 0 && errorMessage === null) return null;
  return (
    <Stack gap="sm" mb="md">
      {errorMessage === null ? null : (
        <Alert color="red" variant="outline" title="Single sign-on did not work" role="alert">
          {errorMessage}
        </Alert>
      )}
      {hiddenReason === null ? null : <Text size="sm">{hiddenReason}</Text>}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={startHref(provider, { hubIdentifier: props.hubIdentifier, returnTo })}
          variant="default"
          fullWidth
          // A long provider name wraps instead of being cut off on a phone.
          h="auto"
          mih={36}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event, provider)}
        >
          Continue with {provider.name}
        </Button>
      ))}
      <div aria-live="assertive">{notice === null ? null : <Text c="red.9">{notice}</Text>}</div>
      {hiddenReason === null && providers.length > 0 ? <OrSeparator /> : null}
    </Stack>
  );
}
