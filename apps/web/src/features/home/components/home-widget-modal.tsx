import { HOME_WIDGET_HTML_MAX, type THomeWidget } from '@commons/contract';
import { Button, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useHomeWidget, useUpdateHomeWidget } from '../api/home-widget';
import { LazyModal } from '../../../components/lazy-modal';

function WidgetForm(props: { hubId: string; initial: THomeWidget | null; onDone: () => void }) {
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [html, setHtml] = useState(props.initial?.html ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useUpdateHomeWidget(props.hubId);

  const handleSave = () => {
    if (title.trim() === '') {
      setTitleError('Give the widget a heading.');
      return;
    }
    setTitleError(null);
    save.mutate({ title: title.trim(), html }, { onSuccess: props.onDone });
  };
  const handleRemove = () => save.mutate(null, { onSuccess: props.onDone });

  return (
    <Stack>
      <Text size="sm">
        The widget shows on every home tab that lists it, under your heading. Its HTML is cleaned before it is
        saved:
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>Text, paragraphs, lists, bold, italic and links are kept.</List.Item>
        <List.Item>
          Videos and forms embedded with an iframe are kept only from approved hosts (YouTube, Vimeo, Kaltura,
          Panopto, Wistia, Google Forms and a few others).
        </List.Item>
        <List.Item>Scripts, styles, event handlers, javascript: links and form fields are removed.</List.Item>
      </List>
      <ErrorAlert error={save.error} />
      <TextInput
        label="Heading"
        required
        maxLength={200}
        value={title}
        error={titleError}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <Textarea
        label="HTML"
        description={`Up to ${new Intl.NumberFormat('en').format(HOME_WIDGET_HTML_MAX)} characters.`}
        autosize
        minRows={6}
        maxRows={16}
        maxLength={HOME_WIDGET_HTML_MAX}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={html}
        onChange={(event) => setHtml(event.currentTarget.value)}
      />
      <Group justify="space-between">
        {props.initial === null ? (
          <span />
        ) : (
          <Button variant="subtle" color="red" onClick={handleRemove} disabled={save.isPending}>
            Remove widget
          </Button>
        )}
        <Group>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button onClick={handleSave} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Hub admins write the home's customizable widget (spec 3 Hub settings widget; issue #18 item 2). */
export function HomeWidgetModal(props: { hubId: string; isOpen: boolean; onClose: () => void }) {
  const widget = useHomeWidget(props.hubId, props.isOpen);
  return (
    <LazyModal opened={props.isOpen} onClose={props.onClose} title="Edit the home widget" size="lg">
      {widget.isPending ? (
        <LoadingState label="Loading the widget…" />
      ) : widget.isError ? (
        <ErrorState error={widget.error} onRetry={() => void widget.refetch()} />
      ) : (
        <WidgetForm hubId={props.hubId} initial={widget.data.widget} onDone={props.onClose} />
      )}
    </LazyModal>
  );
}
