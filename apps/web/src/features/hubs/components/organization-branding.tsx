import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TOO_LARGE,
  ZUpdateOrganizationBrandingRequest,
  type TOrganizationBrandingResponse,
} from '@commons/contract';
import { Box, Button, ColorInput, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { HubImageField } from '../../../components/hub-image-field';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { brandColorVariables } from '../../../lib/hub-brand-colors';
import { useOrganizationBranding, useUpdateOrganizationBranding } from '../api/organization-admin';
import { contrastHint } from '../brand-color-hint';

type TBranding = TOrganizationBrandingResponse['branding'];
type TValues = { brandColor: string; logoUrl: string | null };

const valuesOf = (branding: TBranding): TValues => ({
  brandColor: branding.brandColor ?? '',
  logoUrl: branding.logoUrl,
});

/** The header of the organisation's page as it will look (not yet saved). */
function HeaderPreview(props: { name: string; values: TValues }) {
  const headingId = useId();
  const color = props.values.brandColor.trim();
  const style = brandColorVariables({ primaryColor: color === '' ? null : color, secondaryColor: null });
  const hasColor = Object.keys(style).length > 0;
  return (
    <Paper component="section" withBorder radius="md" p="md" style={style} aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Preview of the organization’s page
        </Title>
        {hasColor ? <Box h={4} bg={color} style={{ borderRadius: 2 }} /> : null}
        <Group gap="sm" wrap="nowrap">
          {props.values.logoUrl === null ? null : (
            <Image src={props.values.logoUrl} alt="" h={40} w="auto" maw={100} fit="contain" />
          )}
          <Text fw={700} size="lg">
            {props.name}
          </Text>
        </Group>
        <Group>
          <Button size="xs" tabIndex={-1} aria-hidden>
            Manage organization
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BrandingForm(props: {
  hubIdentifier: string;
  organization: string;
  name: string;
  branding: TBranding;
}) {
  const update = useUpdateOrganizationBranding(props.hubIdentifier, props.organization);
  const [values, setValues] = useState<TValues>(() => valuesOf(props.branding));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isUploading, setIsUploading] = useState(false);
  const setField = <K extends keyof TValues>(key: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const color = values.brandColor.trim();
    // The schema the server validates with: a colour below 4.5:1 is refused with its ratio.
    const parsed = ZUpdateOrganizationBrandingRequest.safeParse({
      brandColor: color === '' ? null : color,
      logoUrl: values.logoUrl,
    });
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
        notifications.show({ color: 'green', message: `Saved. ${props.name}’s page now shows its brand.` });
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Organization brand">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <ColorInput
            label="Brand colour"
            description={`The header’s buttons and rule. ${contrastHint(values.brandColor)}`}
            placeholder="#1e3a8a"
            format="hex"
            withEyeDropper={false}
            withPicker={false}
            value={values.brandColor}
            onChange={(value) => setField('brandColor', value)}
            error={errors['brandColor']}
            styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
          />
          <HubImageField
            label="Logo"
            description="JPEG, PNG or WebP, up to 120 kB; shown beside the organization’s name."
            maxBytes={BRAND_IMAGE_MAX_BYTES}
            tooLargeMessage={BRAND_IMAGE_TOO_LARGE}
            value={values.logoUrl}
            error={errors['logoUrl']}
            onChange={(url) => setField('logoUrl', url)}
            onUploadingChange={setIsUploading}
          />
          {update.isError && !isApiError(update.error) ? <ErrorAlert error={update.error} /> : null}
          <Group>
            <Button type="submit" loading={update.isPending} disabled={isUploading}>
              Save brand
            </Button>
          </Group>
        </Stack>
        <HeaderPreview name={props.name} values={values} />
      </SimpleGrid>
    </form>
  );
}

/**
 * branding-settings of one organisation (spec 6 Organisation admins): its colour (refused below 4.5:1 against
 * white, the ratio shown) and logo (at most 120 kB) on its page's header, with a preview, as the hub's brand.
 */
export function OrganizationBranding(props: { hubIdentifier: string; organization: string; name: string }) {
  const branding = useOrganizationBranding(props.hubIdentifier, props.organization);
  if (branding.isPending) return <LoadingState label="Loading the brand…" />;
  if (branding.isError) return <ErrorState error={branding.error} onRetry={() => void branding.refetch()} />;
  return (
    <Stack gap="md">
      <Text c="dark.6">
        The colour must keep text readable: it needs a contrast ratio of at least 4.5:1 against white.
      </Text>
      <BrandingForm
        hubIdentifier={props.hubIdentifier}
        organization={props.organization}
        name={props.name}
        branding={branding.data.branding}
      />
    </Stack>
  );
}
