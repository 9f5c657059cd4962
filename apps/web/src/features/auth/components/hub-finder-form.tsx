import type { THubSearchResult } from '@commons/contract';
import { exactCommunityMatch, normalizeCommunitySearch } from '@commons/domain';
import { Button, Combobox, Group, Loader, Paper, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../components/error-state';
import { paths } from '../../../config/paths';
import { HUB_SEARCH_MIN_LENGTH, hubSearchQueryOptions, useHubSearch } from '../api/search-hubs';

/** Suggestions offered under "Did you mean" after a submitted name matched no community exactly. */
const DID_YOU_MEAN_COUNT = 3;

type TMiss = { text: string; suggestions: THubSearchResult[] };

/**
 * The community step of /signup without a hub (issue #16 item 10): a combobox that suggests communities by
 * name while typing, typos forgiven. Submitting goes on only when the text names a community exactly (or
 * one was picked); otherwise it says so and offers the closest ones, keeping what was typed.
 */
export function HubFinderForm({ initialIdentifier }: { initialIdentifier: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const postSignupRedirect = searchParams.get('postSignupRedirect') ?? undefined;
  const queryClient = useQueryClient();
  const inputId = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialIdentifier);
  const [picked, setPicked] = useState<THubSearchResult | null>(null);
  const [miss, setMiss] = useState<TMiss | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [debouncedText] = useDebouncedValue(text, 300);
  const search = useHubSearch(debouncedText);
  const isSearchable = normalizeCommunitySearch(text).length >= HUB_SEARCH_MIN_LENGTH;
  const options = isSearchable ? (search.data ?? []) : [];
  const isListShown = combobox.dropdownOpened && options.length > 0;
  const listId = `${inputId}-suggestions`;

  function goTo(hub: THubSearchResult) {
    void navigate(paths.hub.signUp(hub.identifier, { postSignupRedirect }));
  }

  function change(value: string) {
    setText(value);
    setPicked(null);
    setMiss(null);
    setError(null);
    combobox.openDropdown();
    combobox.resetSelectedOption();
  }

  function pick(identifier: string) {
    const hub = options.find((o) => o.identifier === identifier);
    if (hub === undefined) return;
    setText(hub.name);
    setPicked(hub);
    setMiss(null);
    setError(null);
    combobox.closeDropdown();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    combobox.closeDropdown();
    const typed = text.trim();
    if (typed === '') {
      setError('Enter the name of your school or community.');
      return;
    }
    if (picked !== null && picked.name === text) {
      goTo(picked);
      return;
    }
    setIsChecking(true);
    try {
      const found = await queryClient.fetchQuery(hubSearchQueryOptions(typed));
      const exact = exactCommunityMatch(typed, found);
      if (exact !== undefined) goTo(exact);
      else setMiss({ text: typed, suggestions: found.slice(0, DID_YOU_MEAN_COUNT) });
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setIsChecking(false);
    }
  }

  const missMessage =
    miss === null
      ? null
      : miss.suggestions.length > 0
        ? `No community matches ‘${miss.text}’.`
        : `No community matches ‘${miss.text}’. Check the spelling, or ask your school for its sign-up link.`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {/* The suggestions list sits in the page under the field rather than floating over the form, so it
            never covers Continue; it stays in the DOM (hidden) while closed so the arrow keys can select in it. */}
        <Combobox store={combobox} onOptionSubmit={pick}>
          <Combobox.EventsTarget aria-expanded={isListShown} aria-controls={isListShown ? listId : undefined}>
            <TextInput
              id={inputId}
              label="Community"
              description="Start typing the name of your school or organisation."
              required
              role="combobox"
              aria-autocomplete="list"
              value={text}
              onChange={(event) => change(event.currentTarget.value)}
              onFocus={() => combobox.openDropdown()}
              error={error ?? missMessage}
              rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
            />
          </Combobox.EventsTarget>
          {options.length > 0 ? (
            <Paper withBorder radius="sm" p={4} display={isListShown ? undefined : 'none'}>
              <Combobox.Options id={listId} labelledBy={`${inputId}-label`}>
                {options.map((hub) => (
                  <Combobox.Option value={hub.identifier} key={hub.identifier}>
                    <Text size="sm">{hub.name}</Text>
                    {/* The address tells two hubs of one name apart; inherited colour stays readable when selected. */}
                    <Text size="xs" c="inherit">
                      /hub/{hub.identifier}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Options>
            </Paper>
          ) : null}
        </Combobox>
        <div aria-live="polite">
          {miss !== null && miss.suggestions.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Did you mean…?
              </Text>
              <Group gap="xs">
                {miss.suggestions.map((hub) => (
                  <Button key={hub.identifier} variant="light" onClick={() => goTo(hub)}>
                    {hub.name}
                  </Button>
                ))}
              </Group>
            </Stack>
          ) : null}
        </div>
        <Button type="submit" fullWidth loading={isChecking}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
