import type { TGroupDetail, TGroupSettings, TJoinPolicy } from '@commons/contract';
import { GROUP_TABS, type TGroupTab } from '@commons/domain';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CoverPicker } from '../../../components/cover-picker';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useUpdateGroup } from '../api/group-admin-api';
import { tabLabel } from '../group-labels';

type TFrame = { start: string; end: string; noEndDate: boolean };

/** A settings date as the date input wants it (YYYY-MM-DD). */
const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
const frameOf = (frame: { start: string | null; end: string | null; noEndDate: boolean } | null): TFrame => ({
  start: dayOf(frame?.start),
  end: dayOf(frame?.end),
  noEndDate: frame?.noEndDate ?? false,
});
const frameOut = (frame: TFrame) =>
  frame.start === '' && frame.end === ''
    ? null
    : { start: frame.start || null, end: frame.end || null, noEndDate: frame.noEndDate };

/** Start and end of one window as two date inputs (and "no end date" for application windows). */
function WindowFields(props: {
  legend: string;
  value: TFrame;
  onChange: (value: TFrame) => void;
  hasNoEndDate?: boolean;
  errors: Record<string, string>;
  errorKey: string;
  isDisabled: boolean;
}) {
  const { value } = props;
  return (
    <Fieldset legend={props.legend} disabled={props.isDisabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Start"
          value={value.start}
          onChange={(e) => props.onChange({ ...value, start: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="End"
          value={value.end}
          disabled={value.noEndDate}
          error={props.errors[`${props.errorKey}.end`]}
          onChange={(e) => props.onChange({ ...value, end: e.currentTarget.value })}
        />
      </SimpleGrid>
      {props.hasNoEndDate === true ? (
        <Checkbox
          mt="sm"
          label="No end date"
          checked={value.noEndDate}
          onChange={(e) => props.onChange({ ...value, noEndDate: e.currentTarget.checked })}
        />
      ) : null}
    </Fieldset>
  );
}

/**
 * About, join policy, visibility, tab visibility and (programs) timelines and allowBoth: the group's
 * editable settings (issue #6 Group admin). View-only admins see the form disabled.
 */
export function ManageSettingsForm({ group }: { group: TGroupDetail }) {
  const update = useUpdateGroup(group.identifier);
  const isDisabled = !group.can.manage;
  const isProgram = group.groupType === 'mentorshipProgram';
  const settings = group.settings;
  const [about, setAbout] = useState({
    name: group.name,
    description: group.description,
    about: group.about,
    joinPolicy: group.joinPolicy,
    isHidden: group.isHidden,
    coverImageUrl: group.coverImageUrl,
  });
  const [mentee, setMentee] = useState(frameOf(settings.timelines.applicationTimeFrame.mentee));
  const [mentor, setMentor] = useState(frameOf(settings.timelines.applicationTimeFrame.mentor));
  const [favorite, setFavorite] = useState(
    frameOf(
      settings.timelines.favorite === null ? null : { ...settings.timelines.favorite, noEndDate: false },
    ),
  );
  const [allowBoth, setAllowBoth] = useState(settings.allowBoth);
  const hidden = new Set(settings.visibleTabs.filter((t) => !t.visible).map((t) => t.id));
  const [shownTabs, setShownTabs] = useState<TGroupTab[]>(GROUP_TABS.filter((tab) => !hidden.has(tab)));
  const fields = isApiError(update.error) ? (update.error.fields ?? {}) : {};
  const configurable = GROUP_TABS.filter(
    (tab) => tab !== 'feed' && tab !== 'admin' && (tab !== 'mentors' || isProgram),
  );

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const visibleTabs: TGroupSettings['visibleTabs'] = configurable.map((id) => {
      const existing = settings.visibleTabs.find((t) => t.id === id);
      return {
        id,
        visible: shownTabs.includes(id),
        visibleUserTypes: existing?.visibleUserTypes ?? [],
        visibleForUserTypes: existing?.visibleForUserTypes ?? [],
      };
    });
    const favoriteOut = frameOut(favorite);
    update.mutate(
      {
        ...about,
        settings: {
          visibleTabs,
          ...(isProgram
            ? {
                allowBoth,
                timelines: {
                  applicationTimeFrame: { mentee: frameOut(mentee), mentor: frameOut(mentor) },
                  favorite: favoriteOut === null ? null : { start: favoriteOut.start, end: favoriteOut.end },
                },
              }
            : {}),
        },
      },
      { onSuccess: () => notifications.show({ message: 'Settings saved.' }) },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Group settings" noValidate>
      <Stack gap="md">
        <Fieldset legend="About" disabled={isDisabled}>
          <Stack>
            <TextInput
              label="Name"
              required
              value={about.name}
              error={fields.name}
              onChange={(e) => setAbout({ ...about, name: e.currentTarget.value })}
            />
            <Textarea
              label="Short description"
              autosize
              minRows={2}
              value={about.description}
              onChange={(e) => setAbout({ ...about, description: e.currentTarget.value })}
            />
            <Textarea
              label="About"
              autosize
              minRows={4}
              value={about.about}
              onChange={(e) => setAbout({ ...about, about: e.currentTarget.value })}
            />
            <Select
              label="Who can join"
              allowDeselect={false}
              value={about.joinPolicy}
              onChange={(value) => setAbout({ ...about, joinPolicy: (value ?? 'open') as TJoinPolicy })}
              data={[
                { value: 'open', label: 'Anyone in the hub, at once' },
                { value: 'request', label: 'Anyone in the hub, after admin approval' },
                { value: 'invite', label: 'Invited people only' },
              ]}
            />
            <Checkbox
              label="Hidden: only members and invitees can find it"
              checked={about.isHidden}
              onChange={(e) => setAbout({ ...about, isHidden: e.currentTarget.checked })}
            />
            <CoverPicker
              value={about.coverImageUrl}
              onChange={(coverImageUrl) => setAbout({ ...about, coverImageUrl })}
              error={fields.coverImageUrl}
              isDisabled={isDisabled}
            />
          </Stack>
        </Fieldset>
        {isProgram ? (
          <>
            <WindowFields
              legend={`Applications of ${group.roleLabels.mentees}`}
              value={mentee}
              onChange={setMentee}
              hasNoEndDate
              errors={fields}
              errorKey="settings.timelines.applicationTimeFrame.mentee"
              isDisabled={isDisabled}
            />
            <WindowFields
              legend={`Applications of ${group.roleLabels.mentors}`}
              value={mentor}
              onChange={setMentor}
              hasNoEndDate
              errors={fields}
              errorKey="settings.timelines.applicationTimeFrame.mentor"
              isDisabled={isDisabled}
            />
            <WindowFields
              legend={`Choosing favourite ${group.roleLabels.mentors}`}
              value={favorite}
              onChange={setFavorite}
              errors={fields}
              errorKey="settings.timelines.favorite"
              isDisabled={isDisabled}
            />
            <Checkbox
              disabled={isDisabled}
              label={`Members may register as both ${group.roleLabels.mentor} and ${group.roleLabels.mentee}`}
              checked={allowBoth}
              onChange={(e) => setAllowBoth(e.currentTarget.checked)}
            />
          </>
        ) : null}
        <Checkbox.Group
          label="Tabs shown on the page (the feed is always shown)"
          value={shownTabs}
          onChange={(value) => setShownTabs(value as TGroupTab[])}
        >
          <Group mt="xs">
            {configurable.map((tab) => (
              <Checkbox key={tab} value={tab} label={tabLabel(tab, group)} disabled={isDisabled} />
            ))}
          </Group>
        </Checkbox.Group>
        <ErrorAlert error={update.error} />
        {isDisabled ? null : (
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
