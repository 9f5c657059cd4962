import { signupStatus } from '@commons/domain';
import { useParams, useSearchParams } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { SignUpPage } from '../../features/auth/pages/sign-up-page';
import { OnboardingPage } from '../../features/signup/pages/onboarding-page';
import { useCurrentUser } from '../../lib/current-user';
import { findMembership } from '../../lib/hub-membership';
import { useSession } from '../../lib/session';

/**
 * /hub/{identifier}/signup (spec 4 Signup): the account form for visitors, the signup steps for a
 * signed-in member of the hub whose signup is not complete, or who continues it with
 * continueRegistration=true.
 */
export function HubSignupSwitch() {
  const { identifier = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isSignedIn = useSession().token !== null;
  const me = useCurrentUser();
  if (isSignedIn && me.isPending) return <LoadingState />;
  const membership = me.data === undefined ? undefined : findMembership(me.data, identifier);
  const isContinuing = searchParams.get('continueRegistration') === 'true';
  if (isSignedIn && me.data !== undefined && membership !== undefined) {
    if (signupStatus(me.data) !== 'completed' || isContinuing) {
      return <OnboardingPage user={me.data} hubIdentifier={identifier} hubName={membership.hub.name} />;
    }
  }
  return <SignUpPage />;
}
