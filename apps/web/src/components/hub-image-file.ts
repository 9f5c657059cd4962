/** The image types the hub's image upload takes (the server checks the bytes as well). */
export type THubImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Every type the hub's image upload takes, in the order the field names them. */
export const HUB_IMAGE_TYPES: readonly THubImageType[] = ['image/jpeg', 'image/png', 'image/webp'];

const TYPE_NAMES: Record<THubImageType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** "JPEG, PNG or WebP": the accepted types as people name them. */
function typeList(types: readonly THubImageType[]): string {
  const names = types.map((type) => TYPE_NAMES[type]);
  const last = names.pop() ?? '';
  return names.length === 0 ? last : `${names.join(', ')} or ${last}`;
}

/**
 * Why a chosen file cannot be uploaded as this hub image, or null when it can. Checked before uploading,
 * so a file the server would refuse on saving (spec 3: banner and badge images up to 120 kB) costs no
 * round trip; `tooLargeMessage` is the server's own message for that limit.
 */
export function hubImageFileProblem(options: {
  file: Pick<File, 'type' | 'size'>;
  acceptedTypes: readonly THubImageType[];
  maxBytes: number;
  tooLargeMessage: string;
}): string | null {
  const { file, acceptedTypes } = options;
  if (!acceptedTypes.some((type) => type === file.type)) return `Choose a ${typeList(acceptedTypes)} image.`;
  if (file.size > options.maxBytes) return options.tooLargeMessage;
  return null;
}
