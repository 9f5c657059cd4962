import { Stack, Text } from '@mantine/core';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useUploadPhoto } from '../api/upload-photo';
import { PHOTO_UPLOADER_ID } from '../utils/profile-editors';
import { ErrorAlert } from '../../../components/error-alert';
import { errorText } from '../../../components/error-state';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Picks and uploads the owner's profile photo (spec 5 Profile picture: JPEG, PNG or WebP up to 5 MB). */
export function PhotoUploader() {
  const inputId = useId();
  const upload = useUploadPhoto();
  const [problem, setProblem] = useState<string | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setProblem('Choose a JPEG, PNG or WebP image.');
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setProblem('Choose an image of at most 5 MB.');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => {
        input.value = '';
      },
      onError: (error) => {
        setProblem(
          isApiError(error) && error.fields.file !== undefined ? error.fields.file : errorText(error),
        );
      },
    });
  };

  return (
    <Stack gap={4} id={PHOTO_UPLOADER_ID}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        Upload a profile photo
      </Text>
      <input
        id={inputId}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={handleChange}
        disabled={upload.isPending}
        aria-describedby={`${inputId}-hint`}
      />
      <Text id={`${inputId}-hint`} size="xs" c="dimmed">
        JPEG, PNG or WebP, up to 5 MB.
      </Text>
      <div aria-live="polite">
        {upload.isPending ? <Text size="sm">Uploading your photo…</Text> : null}
        {upload.isSuccess && problem === null ? <Text size="sm">Your photo was updated.</Text> : null}
        {problem === null ? null : <ErrorAlert error={true}>{problem}</ErrorAlert>}
      </div>
    </Stack>
  );
}
