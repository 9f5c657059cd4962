import type { TActionItem, TAdvisingFollowUpItem } from '@commons/contract';
import { Button, SimpleGrid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionItemBanner } from '../../../components/action-item-banner';
import { ErrorAlert } from '../../../components/error-alert';
import { ROUTES } from '../../../config/paths';
import { useMarkFollowUpDone } from '../../../lib/advising-follow-up';
import { useActionItems, useCompleteActionItem } from '../api/action-items';
import { actionItemTarget } from './action-item-link';
import { NotificationsModal } from './action-item-notifications-modal';
import { OfferHelpModal } from './action-item-offer-help-modal';
import { ActionItemReflections } from './action-item-reflections';

/** How many open steps the home shows before "Show all" (one row on a desktop). */
export const NEXT_STEPS_SHOWN = 3;

function ActionItemCard(props: { item: TActionItem; hubIdentifier: string; userIdentifier: string }) {
  const { item } = props;
  const complete = useCompleteActionItem(props.hubIdentifier);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const target = actionItemTarget(item, {
    hubIdentifier: props.hubIdentifier,
    userIdentifier: props.userIdentifier,
  });
  return (
    <ActionItemBanner
      item={item}
      actions={
        <>
          {target === null ? null : target.kind === 'dialog' ? (
            <>
              <Button size="sm" onClick={() => setIsDialogOpen(true)}>
                {item.buttonLabel}
              </Button>
              {target.dialog === 'help-topics' ? (
                <OfferHelpModal
                  hubIdentifier={props.hubIdentifier}
                  isOpen={isDialogOpen}
                  onClose={() => setIsDialogOpen(false)}
                />
              ) : (
                <NotificationsModal isOpen={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
              )}
            </>
          ) : target.isExternal ? (
            <Button component="a" href={target.href} target="_blank" rel="noopener noreferrer" size="sm">
              {item.buttonLabel}
              <VisuallyHidden component="span"> (opens in a new tab)</VisuallyHidden>
            </Button>
          ) : (
            <Button component={Link} to={target.href} size="sm">
              {item.buttonLabel}
            </Button>
          )}
          {item.isManual ? (
            <Button
              variant="default"
              size="sm"
              loading={complete.isPending}
              onClick={() => complete.mutate(item.type)}
            >
              Mark as done<VisuallyHidden component="span">: {item.title}</VisuallyHidden>
            </Button>
          ) : null}
        </>
      }
    />
  );
}

/** An adviser's follow-up after a completed appointment (issue #21 item 4): open until the student marks it done. */
function FollowUpCard(props: { followUp: TAdvisingFollowUpItem; hubIdentifier: string }) {
  const { followUp } = props;
  const markDone = useMarkFollowUpDone(props.hubIdentifier);
  const title = `Follow-up: ${followUp.appointmentTitle}`;
  return (
    <ActionItemBanner
      idPrefix={`follow-up-${followUp.appointmentId}`}
      item={{
        type: 'advising_meetings',
        heading: 'Advising follow-up',
        title,
        description: followUp.text,
        imageUrl: null,
        mobileImageUrl: null,
      }}
      actions={
        <>
          <Button
            size="sm"
            loading={markDone.isPending}
            onClick={() => markDone.mutate({ appointmentId: followUp.appointmentId, isDone: true })}
          >
            Mark as done<VisuallyHidden component="span">: {title}</VisuallyHidden>
          </Button>
          <Button component={Link} to={ROUTES.advisingAppointments} variant="default" size="sm">
            My appointments
          </Button>
          <ErrorAlert error={markDone.error} />
        </>
      }
    />
  );
}

/**
 * The viewer's open action items in the hub (issue #18 item 4, spec 3 Action items), above the home
 * sections: the reflection prompts of items they completed, their advisers' open follow-ups, then one card per
 * item with its heading, copy and button. Left out when there is nothing (or the list cannot load: the home works without it).
 * Completed items leave through the realtime event's refetch.
 */
export function ActionItemsSection(props: { hubIdentifier: string; userIdentifier: string }) {
  const items = useActionItems(props.hubIdentifier);
  const [isExpanded, setIsExpanded] = useState(false);
  const list = items.data?.items ?? [];
  // The first few steps lead the home; the rest wait behind one button, so the sections stay in view.
  const shown = isExpanded ? list : list.slice(0, NEXT_STEPS_SHOWN);
  const hiddenCount = list.length - shown.length;
  const reflections = items.data?.reflections ?? [];
  const followUps = items.data?.followUps ?? [];
  if (list.length === 0 && reflections.length === 0 && followUps.length === 0) return null;
  return (
    <section aria-labelledby="action-items-heading" data-testid="action-items">
      <Title order={2} id="action-items-heading" mb="sm">
        Your next steps
      </Title>
      <Stack gap="sm">
        <ActionItemReflections reflections={reflections} hubIdentifier={props.hubIdentifier} />
        {followUps.length === 0 ? null : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="sm"
            role="list"
            aria-label="Advising follow-ups"
          >
            {followUps.map((followUp) => (
              <div role="listitem" key={followUp.appointmentId}>
                <FollowUpCard followUp={followUp} hubIdentifier={props.hubIdentifier} />
              </div>
            ))}
          </SimpleGrid>
        )}
        {list.length === 0 ? null : (
          <SimpleGrid
            id="action-items-list"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="sm"
            role="list"
            aria-labelledby="action-items-heading"
          >
            {shown.map((item) => (
              <div role="listitem" key={item.type}>
                <ActionItemCard
                  item={item}
                  hubIdentifier={props.hubIdentifier}
                  userIdentifier={props.userIdentifier}
                />
              </div>
            ))}
          </SimpleGrid>
        )}
        {list.length > NEXT_STEPS_SHOWN ? (
          <Button
            variant="subtle"
            aria-expanded={isExpanded}
            aria-controls="action-items-list"
            onClick={() => setIsExpanded((expanded) => !expanded)}
            style={{ alignSelf: 'flex-start' }}
          >
            {isExpanded ? 'Show fewer next steps' : `Show all next steps (${hiddenCount} more)`}
          </Button>
        ) : null}
      </Stack>
    </section>
  );
}
