import type { THomeLayoutResponse } from '@commons/contract';
import type { THomeSectionKey, THomeTab } from '@commons/domain';
import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useHomeLayout, useUpdateHomeLayout } from '../api/home-layout';
import { LazyModal } from '../../../components/lazy-modal';

/** Names of the home sections as admins read them (spec 2 Home sections). */
const SECTION_NAMES: Record<THomeSectionKey, string> = {
  heroBanner: 'Hero banner',
  donationBanner: 'Donation banner',
  giveCampusBanner: 'Give campus banner',
  opportunities: 'Opportunities',
  peopleRecommendation: 'People recommendation',
  secondaryActions: 'Secondary actions',
  videoRecommendation: 'Video recommendation',
  editableStandardData: 'Profile fields to fill in',
  likedCareers: 'Liked careers',
  recommendedCareers: 'Recommended careers',
  careerJourneyBanner: 'Career journey banner',
  careerJourneyQuestions: 'Career journey questions',
  discussionModule: 'Discussions',
  customizableWidget: 'Custom widget',
  careerPathWidget: 'Career paths',
  recommendedAnswers: 'Recommended answers',
  recommendedPathways: 'Recommended pathways',
  askAnythingWidget: 'Ask anything',
  askAnythingBanner: 'Ask anything banner',
  resourcesWidget: 'Resources',
  eventsWidget: 'Events',
  staticLinkBlocks: 'Links',
  organizationRegistration: 'Organisation registration',
  userActivities: 'Recent activity',
  elRecentOpportunities: 'Recent experiences',
  elRecommendedOpportunities: 'Recommended experiences',
  elNearbyOpportunities: 'Experiences nearby',
  elSavedOpportunities: 'Saved experiences',
  elAppliedOpportunities: 'Applied experiences',
  elAddInterests: 'Add interests',
};

type TRow = { key: THomeSectionKey; isHidden: boolean };

function ArrangeForm(props: {
  hubId: string;
  tab: THomeTab;
  label: string;
  initial: TRow[];
  onDone: () => void;
}) {
  const [rows, setRows] = useState<TRow[]>(props.initial);
  const save = useUpdateHomeLayout(props.hubId);
  const move = (index: number, by: -1 | 1) => {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  };
  const handleSave = () => {
    save.mutate({ tab: props.tab, sections: rows }, { onSuccess: props.onDone });
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Order and show the sections of the {props.label} tab. Sections with nothing to show stay out of the
        home page either way.
      </Text>
      <ErrorAlert error={save.error} />
      <Stack gap={4} role="list" aria-label={`Sections of the ${props.label} tab`}>
        {rows.map((row, index) => {
          const name = SECTION_NAMES[row.key];
          return (
            <Group key={row.key} justify="space-between" wrap="nowrap" role="listitem">
              <Checkbox
                label={name}
                checked={!row.isHidden}
                onChange={(event) => {
                  const isShown = event.currentTarget.checked;
                  setRows((current) =>
                    current.map((r) => (r.key === row.key ? { ...r, isHidden: !isShown } : r)),
                  );
                }}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${name} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function tabOf(layout: THomeLayoutResponse, tab: THomeTab) {
  return layout.tabs.find((t) => t.key === tab);
}

/** Hub admins reorder and hide the sections of one home tab (issue #18 item 3). */
export function ArrangeHomeModal(props: {
  hubId: string;
  tab: THomeTab;
  isOpen: boolean;
  onClose: () => void;
}) {
  const layout = useHomeLayout(props.hubId, props.isOpen);
  const current = layout.data ? tabOf(layout.data, props.tab) : undefined;
  return (
    <LazyModal
      opened={props.isOpen}
      onClose={props.onClose}
      title={current ? `Arrange the ${current.label} tab` : 'Arrange the home'}
    >
      {layout.isPending ? (
        <LoadingState label="Loading the sections…" />
      ) : layout.isError ? (
        <ErrorState error={layout.error} onRetry={() => void layout.refetch()} />
      ) : current ? (
        <ArrangeForm
          key={props.tab}
          hubId={props.hubId}
          tab={props.tab}
          label={current.label}
          initial={current.sections}
          onDone={props.onClose}
        />
      ) : null}
    </LazyModal>
  );
}
