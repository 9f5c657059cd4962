import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TCreatePledgeResponse } from '@commons/contract';
import { formatPledgeAmount } from '@commons/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useGivingPage } from '../api/giving';
import { GivingBanner } from '../components/giving-banner';
import { MyPledges } from '../components/my-pledges';
import { PaymentPageLink } from '../components/payment-page-link';
import { PledgeForm } from '../components/pledge-form';

/**
 * {hubPath}/give: the hub's giving form (issue #18 item 6). Commons takes no payment: a pledge is recorded,
 * the donor gets a thank-you email, and the thank-you state links on to the school's payment page. While the
 * hub's giving form feature is off (spec 6), the page leads straight to the payment page instead.
 */
export function GivingPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Give');
  const page = useGivingPage(identifier);
  const [pledged, setPledged] = useState<TCreatePledgeResponse | null>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form is replaced by the thank-you: focus moves to its heading so it is announced.
    if (pledged !== null) thanksRef.current?.focus();
  }, [pledged]);

  if (page.isPending) return <LoadingState label="Loading the giving page…" />;
  if (page.isError) {
    return (
      <Stack>
        <Title order={1}>Give</Title>
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      </Stack>
    );
  }
  const data = page.data;
  if (!data.isEnabled) {
    return (
      <Stack>
        <Title order={1}>Give</Title>
        <EmptyState title="Giving is not open in this hub">
          The hub’s administrators have not turned on donations.
        </EmptyState>
        {data.can.manage ? (
          <Anchor component={Link} to={paths.hub.siteAdminGiving(identifier)}>
            Giving settings
          </Anchor>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <GivingBanner banner={data.banner} fallbackTitle="Give" />
      {pledged !== null ? (
        <Alert color="green" variant="light" radius="md">
          <Stack gap="sm">
            <Title order={2} ref={thanksRef} tabIndex={-1}>
              Thank you for your pledge
            </Title>
            <Text>
              You pledged {formatPledgeAmount(pledged.pledge.amountMinor, pledged.pledge.currency)}
              {pledged.pledge.isRecurring
                ? ` ${pledged.pledge.frequency === 'monthly' ? 'every month' : 'every year'}`
                : ''}
              . We emailed you a copy.
            </Text>
            {pledged.paymentUrl !== null ? (
              <>
                <Text>Commons does not take payments: complete your gift on the school’s payment page.</Text>
                <Group>
                  <PaymentPageLink url={pledged.paymentUrl} label="Complete your gift" />
                </Group>
              </>
            ) : (
              <Text>The giving office will be in touch to complete your gift.</Text>
            )}
            <Group>
              <Button variant="default" onClick={() => setPledged(null)}>
                Make another pledge
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : !data.isFormEnabled ? (
        <Stack gap="sm">
          <Text>
            Pledges are not taken through Commons in this hub.
            {data.paymentUrl !== null
              ? ' You can give directly on the school’s payment page.'
              : ' Please contact the school’s giving office to make a gift.'}
          </Text>
          {data.paymentUrl !== null ? (
            <Group>
              <PaymentPageLink url={data.paymentUrl} label="Give on the school’s payment page" />
            </Group>
          ) : null}
        </Stack>
      ) : data.mayGive ? (
        <Stack gap="sm" component="section" aria-labelledby="pledge-heading">
          <Title order={2} id="pledge-heading">
            Pledge a gift
          </Title>
          <Text c="dimmed">
            Tell us what you would like to give; you complete the payment on the school’s payment page next.
          </Text>
          <PledgeForm hubIdentifier={identifier} page={data} onPledged={setPledged} />
          {data.paymentUrl !== null ? (
            <Text size="sm">
              Already pledged?{' '}
              <Anchor href={data.paymentUrl} target="_blank" rel="noopener noreferrer">
                Go to the payment page (opens in a new tab)
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>Pledging through Commons is open to the member types the school invites to give.</Text>
          {data.paymentUrl !== null ? (
            <Group>
              <PaymentPageLink url={data.paymentUrl} label="Give on the school’s payment page" />
            </Group>
          ) : null}
        </Stack>
      )}
      {data.mayGive || data.pledges.length > 0 ? <MyPledges pledges={data.pledges} /> : null}
      {data.can.manage ? (
        <Anchor component={Link} to={paths.hub.siteAdminGiving(identifier)}>
          Giving settings and pledges
        </Anchor>
      ) : null}
    </Stack>
  );
}
