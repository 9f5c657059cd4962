import { Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { isApiError } from '../lib/api-error';
import { uploadImage } from '../lib/upload-image';
import { errorText } from './error-state';
import { HUB_IMAGE_TYPES, hubImageFileProblem, type THubImageType } from './hub-image-file';

/** The default preview: a small banner-shaped thumbnail, once there is an image. */
function bannerThumbnail(url: string | null): ReactNode {
  return url === null ? null : <Image src={url} alt="" w={96} h={48} fit="cover" radius="sm" />;
}

/**
 * An image of the hub chosen from the device (action-item banners, the giving banner, badges): the
 * type and size are checked before it is uploaded to the hub (`uploadImage`), then it shows as a preview
 * with a Remove button. `error` is the server's field message after saving; the upload's own problem
 * shows in its place until the next choice or Remove. `renderPreview` draws the preview (also with no
 * image, e.g. a badge's medal); `onUploadingChange` lets a form hold its submit while uploading.
 */
export function HubImageField(props: {
  label: string;
  description: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error: string | undefined;
  maxBytes: number;
  tooLargeMessage: string;
  acceptedTypes?: readonly THubImageType[];
  renderPreview?: (url: string | null) => ReactNode;
  onUploadingChange?: (isUploading: boolean) => void;
}) {
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const acceptedTypes = props.acceptedTypes ?? HUB_IMAGE_TYPES;

  const setUploading = (value: boolean) => {
    setIsUploading(value);
    props.onUploadingChange?.(value);
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    const refused = hubImageFileProblem({
      file,
      acceptedTypes,
      maxBytes: props.maxBytes,
      tooLargeMessage: props.tooLargeMessage,
    });
    setProblem(refused);
    if (refused !== null) {
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      props.onChange(await uploadImage(file));
      input.value = '';
    } catch (error) {
      setProblem(isApiError(error) && error.fields.file !== undefined ? error.fields.file : errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const message = problem ?? props.error;
  const hasMessage = message !== undefined && message !== '';
  const preview = (props.renderPreview ?? bannerThumbnail)(props.value);
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        {props.label}
      </Text>
      {/* Wraps rather than overflowing a phone's width (the file input alone is about 250 px wide); the
          Remove button stays beside the image it removes. */}
      <Group gap="sm" wrap="wrap" align="center">
        {preview === null && props.value === null ? null : (
          <Group gap="xs" wrap="nowrap" align="center">
            {preview}
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
        )}
        <input
          id={inputId}
          type="file"
          accept={acceptedTypes.join(',')}
          onChange={(event) => void handleFile(event)}
          disabled={isUploading}
          style={{ maxWidth: '100%' }}
          aria-describedby={`${inputId}-hint${hasMessage ? ` ${inputId}-error` : ''}`}
          aria-invalid={hasMessage}
        />
      </Group>
      <Text id={`${inputId}-hint`} size="xs" c="dark.6">
        {props.description}
      </Text>
      <div aria-live="polite">
        {isUploading ? <Text size="sm">Uploading…</Text> : null}
        {hasMessage ? (
          <Text id={`${inputId}-error`} size="sm" c="red.8">
            {message}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
