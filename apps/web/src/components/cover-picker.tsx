import { COVER_PRESETS, coverPresetUrl, parseCoverImageUrl } from '@commons/domain';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError } from '../lib/api-error';
import { uploadImage } from '../lib/upload-image';
import { ErrorAlert } from './error-alert';
import { errorText } from './error-state';
import { HUB_IMAGE_TYPES, hubImageFileProblem } from './hub-image-file';
import classes from './cover-image.module.css';

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const NO_COVER = 'none';

/**
 * Chooses the cover of a group or event: no cover, one of the presets, or an image uploaded to the hub
 * (issue #16 item 18). The choice is a radio group, so arrow keys move between the covers.
 */
export function CoverPicker(props: {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string | undefined;
  isDisabled?: boolean;
}) {
  const inputId = useId();
  const [uploaded, setUploaded] = useState<string | null>(
    props.value !== null && parseCoverImageUrl(props.value)?.kind === 'uploaded' ? props.value : null,
  );
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const refused = hubImageFileProblem({
      file,
      acceptedTypes: HUB_IMAGE_TYPES,
      maxBytes: IMAGE_MAX_BYTES,
      tooLargeMessage: 'Choose an image of at most 5 MB.',
    });
    setProblem(refused);
    if (refused !== null) return;
    setIsUploading(true);
    try {
      const url = await uploadImage(file);
      setUploaded(url);
      props.onChange(url);
      input.value = '';
    } catch (error) {
      setProblem(isApiError(error) && error.fields.file !== undefined ? error.fields.file : errorText(error));
    } finally {
      setIsUploading(false);
    }
  };

  const options = [
    ...(uploaded === null ? [] : [{ value: uploaded, label: 'Your image' }]),
    ...COVER_PRESETS.map((preset) => ({ value: coverPresetUrl(preset.id), label: preset.label })),
  ];

  return (
    <Stack gap="xs">
      <Radio.Group
        label="Cover image"
        description="Shown on cards and at the top of the page."
        value={props.value ?? NO_COVER}
        onChange={(value) => props.onChange(value === NO_COVER ? null : value)}
        error={props.error}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
          <Radio.Card
            className={classes.card}
            value={NO_COVER}
            radius="sm"
            p={6}
            disabled={props.isDisabled}
            aria-label="No cover"
          >
            <Stack gap={4}>
              <span className={classes.none} aria-hidden="true">
                None
              </span>
              <Group gap={6} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Text size="sm">No cover</Text>
              </Group>
            </Stack>
          </Radio.Card>
          {options.map((option) => (
            <Radio.Card
              key={option.value}
              className={classes.card}
              value={option.value}
              radius="sm"
              p={6}
              disabled={props.isDisabled}
              aria-label={option.label}
            >
              <Stack gap={4}>
                <img src={option.value} alt="" className={classes.thumb} />
                <Group gap={6} wrap="nowrap">
                  <Radio.Indicator size="xs" />
                  <Text size="sm">{option.label}</Text>
                </Group>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Stack gap={4}>
        <Text component="label" htmlFor={inputId} size="sm" fw={500}>
          Upload your own cover
        </Text>
        <input
          id={inputId}
          type="file"
          accept={HUB_IMAGE_TYPES.join(',')}
          onChange={(event) => void handleFile(event)}
          disabled={props.isDisabled === true || isUploading}
          aria-describedby={`${inputId}-hint`}
        />
        <Text id={`${inputId}-hint`} size="xs" c="dimmed">
          JPEG, PNG or WebP, up to 5 MB; a wide image (3:1) fits best.
        </Text>
        <div aria-live="polite">
          {isUploading ? <Text size="sm">Uploading the image…</Text> : null}
          {problem === null ? null : <ErrorAlert error={true}>{problem}</ErrorAlert>}
        </div>
      </Stack>
    </Stack>
  );
}
