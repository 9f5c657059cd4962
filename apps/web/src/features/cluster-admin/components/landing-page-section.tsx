import type { TLandingPage } from '@commons/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { useLandingPageSettings, useRemoveLandingPage, useSaveLandingPage } from '../api/cluster-admin';

type TFields = Partial<Record<'title' | 'body' | 'callToAction.label' | 'callToAction.url', string>>;

function LandingPageForm(props: { current: TLandingPage | null }) {
  const save = useSaveLandingPage();
  const remove = useRemoveLandingPage();
  const [title, setTitle] = useState(props.current?.title ?? '');
  const [body, setBody] = useState(props.current?.bodyHtml ?? '');
  const [ctaLabel, setCtaLabel] = useState(props.current?.callToAction?.label ?? '');
  const [ctaUrl, setCtaUrl] = useState(props.current?.callToAction?.url ?? '');
  const [fields, setFields] = useState<TFields>({});
  const [editorKey, setEditorKey] = useState(0);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const label = ctaLabel.trim();
    const url = ctaUrl.trim();
    const next: TFields = {
      ...(title.trim() === '' ? { title: 'Enter a title.' } : {}),
      ...(label !== '' && url === '' ? { 'callToAction.url': 'Enter where the button leads.' } : {}),
      ...(label === '' && url !== '' ? { 'callToAction.label': 'Enter the button text.' } : {}),
    };
    setFields(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { title: title.trim(), body, callToAction: label === '' ? null : { label, url } },
      {
        onSuccess: (saved) => {
          // The server's sanitised body is what visitors see: the editor shows it too.
          setBody(saved.bodyHtml);
          setEditorKey((key) => key + 1);
          notifications.show({ message: 'Landing page saved. Visitors see it on the home address.' });
        },
        onError: (error) => {
          if (isApiError(error)) setFields(error.fields);
        },
      },
    );
  };
  const useDefault = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setTitle('');
        setBody('');
        setCtaLabel('');
        setCtaUrl('');
        setEditorKey((key) => key + 1);
        notifications.show({ message: 'Visitors see the default landing page again.' });
      },
    });

  return (
    <Card withBorder>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="landing-page-title">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {props.current === null
              ? 'Visitors who are not signed in see the default page. Write your own below.'
              : 'Visitors who are not signed in see this page on your community’s home address.'}
          </Text>
          <TextInput
            label="Title"
            required
            maxLength={120}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={fields.title}
          />
          <RichTextEditor
            key={editorKey}
            label="Page text"
            description="Formatting, links and images are kept; scripts and anything unsafe are removed."
            value={body}
            onChange={setBody}
            error={fields.body ?? null}
            isMentionEnabled={false}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Button text (optional)"
              maxLength={40}
              value={ctaLabel}
              onChange={(event) => setCtaLabel(event.currentTarget.value)}
              error={fields['callToAction.label']}
            />
            <TextInput
              label="Button link"
              description="A path of this site such as /signup, or https://…"
              value={ctaUrl}
              onChange={(event) => setCtaUrl(event.currentTarget.value)}
              error={fields['callToAction.url']}
            />
          </SimpleGrid>
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              Save landing page
            </Button>
            {props.current === null ? null : (
              <Button variant="default" onClick={useDefault} loading={remove.isPending}>
                Use the default page
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The cluster's public root page: title, rich text and an optional button. */
export function LandingPageSection() {
  const settings = useLandingPageSettings();
  return (
    <Stack gap="sm" component="section" aria-labelledby="landing-page-title" id="landing-page">
      <Title order={2} id="landing-page-title">
        Landing page
      </Title>
      {settings.isPending ? (
        <LoadingState label="Loading the landing page…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <LandingPageForm current={settings.data.landingPage} />
      )}
    </Stack>
  );
}
