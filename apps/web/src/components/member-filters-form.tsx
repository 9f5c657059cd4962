import { MEMBER_SORTS, MEMBER_STATUSES, type TMemberSort, type TMemberStatus } from '@commons/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

/** A members list's filters as the form holds them (empty text means no filter). */
export type TMemberListFilters = {
  q: string;
  userTypeId: string;
  status: TMemberStatus | '';
  joinedFrom: string;
  joinedTo: string;
  sort: TMemberSort;
};

const STATUS_LABELS: Record<TMemberStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
};

/**
 * The filters of an admin's members list (explore-users, issue #22 item 6): the hub's list and an organisation's
 * (spec 6 Organisation admins). The form edits a draft and hands it over on "Show members".
 */
export function MemberFiltersForm(props: {
  initialFilters: TMemberListFilters;
  userTypes: ReadonlyArray<{ id: string; title: string }>;
  onShow: (filters: TMemberListFilters) => void;
  /** Offers the approval status filter (an organisation lists approved members only). */
  hasStatusFilter: boolean;
  /** What "joined" means in this list, e.g. "Joined" or "Joined the hub". */
  joinedLabel: string;
  sortLabels: Record<TMemberSort, string>;
  /** Buttons after "Show members", such as a CSV download. */
  actions?: ReactNode;
}) {
  const [draft, setDraft] = useState<TMemberListFilters>(props.initialFilters);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onShow(draft);
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Member filters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name or email"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
          maxLength={100}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="User type"
          data={[
            { value: '', label: 'All user types' },
            ...props.userTypes.map((type) => ({ value: type.id, label: type.title })),
          ]}
          value={draft.userTypeId}
          onChange={(value) => setDraft({ ...draft, userTypeId: value ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        {props.hasStatusFilter ? (
          <Select
            label="Status"
            data={[
              { value: '', label: 'Any status' },
              ...MEMBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
            ]}
            value={draft.status}
            onChange={(value) =>
              setDraft({ ...draft, status: (value ?? '') as TMemberListFilters['status'] })
            }
            allowDeselect={false}
            w={{ base: '100%', sm: 150 }}
          />
        ) : null}
        <TextInput
          type="date"
          label={`${props.joinedLabel} from`}
          value={draft.joinedFrom}
          onChange={(event) => setDraft({ ...draft, joinedFrom: event.currentTarget.value })}
          w={{ base: '47%', sm: 170 }}
        />
        <TextInput
          type="date"
          label={`${props.joinedLabel} to`}
          value={draft.joinedTo}
          onChange={(event) => setDraft({ ...draft, joinedTo: event.currentTarget.value })}
          w={{ base: '47%', sm: 170 }}
        />
        <Select
          label="Sort"
          data={MEMBER_SORTS.map((sort) => ({ value: sort, label: props.sortLabels[sort] }))}
          value={draft.sort}
          onChange={(value) =>
            setDraft({ ...draft, sort: (value ?? props.initialFilters.sort) as TMemberSort })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
        <Button type="submit">Show members</Button>
        {props.actions}
      </Group>
    </form>
  );
}

/** The status of a member as a word (the members lists' column). */
export function memberStatusLabel(status: TMemberStatus): string {
  return STATUS_LABELS[status];
}
