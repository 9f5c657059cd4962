import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TOO_LARGE,
  ZUpdateHubBrandingRequest,
  type THubBranding,
} from '@commons/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  ColorInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { HubImageField } from '../../../components/hub-image-field';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { brandColorVariables } from '../../../lib/hub-brand-colors';
import { useHub } from '../api/get-hub';
import { contrastHint } from '../brand-color-hint';
import { useHubBranding, useUpdateHubBranding } from '../api/hub-settings-api';

type TColorField = 'primaryColor' | 'secondaryColor';
type TValues = {
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  bannerImageUrl: string | null;
};

const valuesOf = (branding: THubBranding): TValues => ({
  primaryColor: branding.primaryColor ?? '',
  secondaryColor: branding.secondaryColor ?? '',
  logoUrl: branding.logoUrl,
  bannerImageUrl: branding.bannerImageUrl,
});

const requestOf = (values: TValues) => ({
  primaryColor: values.primaryColor.trim() === '' ? null : values.primaryColor.trim(),
  secondaryColor: values.secondaryColor.trim() === '' ? null : values.secondaryColor.trim(),
  logoUrl: values.logoUrl,
  bannerImageUrl: values.bannerImageUrl,
});

/** The live preview: a small page drawn with the form's colours, logo and banner (not yet saved). */
function BrandPreview(props: { hubName: string; values: TValues }) {
  const request = requestOf(props.values);
  const style = brandColorVariables(request);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={0}
      style={{ ...style, overflow: 'hidden', alignSelf: 'start' }}
      aria-labelledby="brand-preview-heading"
    >
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="sm" wrap="nowrap">
          {request.logoUrl === null ? null : (
            <Image src={request.logoUrl} alt="" h={32} w="auto" fit="contain" />
          )}
          <Text fw={700}>{props.hubName}</Text>
        </Group>
      </Box>
      {request.bannerImageUrl === null ? null : (
        <Image src={request.bannerImageUrl} alt="" h={96} fit="cover" />
      )}
      <Stack p="md" gap="sm">
        <Title order={3} size="h5" id="brand-preview-heading">
          Preview
        </Title>
        <Text size="sm">
          Members see your colours on buttons, tabs and{' '}
          <Anchor href="#brand-preview-heading">links like this one</Anchor>.
        </Text>
        <Group gap="xs">
          <Button size="xs" tabIndex={-1} aria-hidden>
            Primary button
          </Button>
          <Button size="xs" variant="light" tabIndex={-1} aria-hidden>
            Light button
          </Button>
          <Badge variant="light">Badge</Badge>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The brand form: two colours checked as typed, logo and banner uploads, and the preview beside them. */
function BrandingForm(props: { hubIdentifier: string; hubName: string; branding: THubBranding }) {
  const update = useUpdateHubBranding(props.hubIdentifier);
  const [values, setValues] = useState<TValues>(() => valuesOf(props.branding));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isUploading, setIsUploading] = useState(false);

  const setField = <K extends keyof TValues>(key: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = requestOf(values);
    // The same schema the server validates with: a colour below 4.5:1 is refused with its ratio.
    const parsed = ZUpdateHubBrandingRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.branding));
        notifications.show({ color: 'green', message: 'Branding saved. The hub now shows your colours.' });
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  const colorInput = (field: TColorField, label: string, description: string) => (
    <ColorInput
      label={label}
      description={`${description} ${contrastHint(values[field])}`}
      placeholder="#1e3a8a"
      format="hex"
      withEyeDropper={false}
      withPicker={false}
      value={values[field]}
      onChange={(value) => setField(field, value)}
      error={errors[field]}
      styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Hub branding">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          {colorInput('primaryColor', 'Primary colour', 'Buttons, tabs and highlights.')}
          {colorInput('secondaryColor', 'Secondary colour', 'Links (the primary colour when empty).')}
          <HubImageField
            label="Logo"
            description="JPEG, PNG or WebP, up to 120 kB; shown beside the hub’s name."
            maxBytes={BRAND_IMAGE_MAX_BYTES}
            tooLargeMessage={BRAND_IMAGE_TOO_LARGE}
            value={values.logoUrl}
            error={errors['logoUrl']}
            onChange={(url) => setField('logoUrl', url)}
            onUploadingChange={setIsUploading}
          />
          <HubImageField
            label="Banner image"
            description="JPEG, PNG or WebP, up to 120 kB; shown across the top of the hub’s home."
            maxBytes={BRAND_IMAGE_MAX_BYTES}
            tooLargeMessage={BRAND_IMAGE_TOO_LARGE}
            value={values.bannerImageUrl}
            error={errors['bannerImageUrl']}
            onChange={(url) => setField('bannerImageUrl', url)}
            onUploadingChange={setIsUploading}
          />
          {update.isError ? <ErrorAlert error={update.error} /> : null}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={isUploading}>
              Save branding
            </Button>
          </Group>
        </Stack>
        <BrandPreview hubName={props.hubName} values={values} />
      </SimpleGrid>
    </form>
  );
}

/**
 * {hubPath}/site-admin/branding (issue #22 item 1; spec 5 Colour and Banner images): hub admins with
 * branding-settings choose the hub's colours (refused below 4.5:1 against white, the ratio shown), logo and
 * banner (at most 120 kB), with a live preview; after saving the app draws the hub in its colours.
 */
export function BrandingPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Branding');
  const branding = useHubBranding(identifier);
  const hub = useHub(identifier);
  const heading = <Title order={1}>Branding</Title>;
  if (branding.isPending) return <LoadingState label="Loading the branding…" />;
  if (branding.isError) {
    if (isApiError(branding.error) && branding.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot change the branding here">
            Changing the hub’s colours, logo and banner needs the “branding settings” right in this hub.
          </EmptyState>
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={branding.error} onRetry={() => void branding.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">
          Colours must keep text readable: each needs a contrast ratio of at least 4.5:1 against white.
        </Text>
      </Stack>
      <BrandingForm
        hubIdentifier={identifier}
        hubName={hub.data?.name ?? identifier}
        branding={branding.data.branding}
      />
    </Stack>
  );
}
