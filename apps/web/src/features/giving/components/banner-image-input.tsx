import { ACTION_ITEM_IMAGE_MAX_BYTES, ACTION_ITEM_IMAGE_TOO_LARGE } from '@commons/contract';
import { Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-error';
import { uploadImage } from '../../../lib/upload-image';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The giving banner's image: chosen from the device and uploaded to the hub (spec 3 banner images up to
 * 120 kB), with a preview and Remove. `error` is the server's field message after saving.
 */
export function BannerImageInput(props: {
  value: string;
  error: string | undefined;
  onChange: (url: string) => void;
}) {
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const refused = !IMAGE_TYPES.includes(file.type)
      ? 'Choose a JPEG, PNG or WebP image.'
      : file.size > ACTION_ITEM_IMAGE_MAX_BYTES
        ? ACTION_ITEM_IMAGE_TOO_LARGE
        : null;
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
        Banner image
      </Text>
      <Group gap="sm" wrap="wrap" align="center">
        {props.value === '' ? null : <Image src={props.value} alt="" w={96} h={48} fit="cover" radius="sm" />}
        <input
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => void handleFile(event)}
          disabled={isUploading}
          style={{ maxWidth: '100%' }}
          aria-describedby={`${inputId}-hint${message === undefined || message === null ? '' : ` ${inputId}-error`}`}
          aria-invalid={message !== undefined && message !== null}
        />
        {props.value === '' ? null : (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setProblem(null);
              props.onChange('');
            }}
          >
            Remove<VisuallyHidden component="span"> banner image</VisuallyHidden>
          </Button>
        )}
      </Group>
      <Text id={`${inputId}-hint`} size="xs" c="dark.6">
        JPEG, PNG or WebP, at most 120 kB. Optional.
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
