import { Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-error';
import { uploadImage } from '../../../lib/upload-image';
import { BANNER_IMAGE_TYPES, bannerImageProblem } from './action-item-form-values';

/**
 * A banner image of an action item: chosen from the device, uploaded to the hub through the rich-text
 * image upload, at most 120 kB. Shows the image, a Remove button, and the upload's or the save's error
 * (`error`: the server's field message after saving).
 */
export function BannerImageField(props: {
  label: string;
  hint: string;
  value: string | null;
  error: string | undefined;
  onChange: (url: string | null) => void;
}) {
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const refused = bannerImageProblem(file);
    setProblem(refused);
    if (refused !== null) {
      input.value = '';
      return;
    }
    setIsUploading(true);
    try {
      props.onChange(await uploadImage(file));
      input.value = '';
    } catch (error) {
      setProblem(isApiError(error) && error.fields.file !== undefined ? error.fields.file : errorText(error));
    } finally {
      setIsUploading(false);
    }
  };

  const message = problem ?? props.error;
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        {props.value === null ? null : (
          <Image src={props.value} alt="" w={96} h={48} fit="cover" radius="sm" />
        )}
        <input
          id={inputId}
          type="file"
          accept={BANNER_IMAGE_TYPES.join(',')}
          onChange={(event) => void handleFile(event)}
          disabled={isUploading}
          aria-describedby={`${inputId}-hint${message === undefined || message === null ? '' : ` ${inputId}-error`}`}
          aria-invalid={message !== undefined && message !== null}
        />
        {props.value === null ? null : (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setProblem(null);
              props.onChange(null);
            }}
          >
            Remove<VisuallyHidden component="span"> {props.label.toLowerCase()}</VisuallyHidden>
          </Button>
        )}
      </Group>
      <Text id={`${inputId}-hint`} size="xs" c="dark.6">
        {props.hint}
      </Text>
      <div aria-live="polite">
        {isUploading ? <Text size="sm">Uploading…</Text> : null}
        {message === undefined || message === null ? null : (
          <Text id={`${inputId}-error`} size="sm" c="red.8">
            {message}
          </Text>
        )}
      </div>
    </Stack>
  );
}
