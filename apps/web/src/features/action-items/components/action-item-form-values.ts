import type { TActionItem, TActionItemAdminEntry, TUpdateActionItemSettingRequest } from '@commons/contract';

/** The edit form of one action item: text fields as typed (blank keeps the default copy). */
export interface TActionItemFormValues {
  isEnabled: boolean;
  title: string;
  description: string;
  buttonLabel: string;
  imageUrl: string | null;
  mobileImageUrl: string | null;
  reflectionPrompt: string;
  link: string;
}

/** The form's values from the stored edits. */
export function formValuesOf(entry: TActionItemAdminEntry): TActionItemFormValues {
  const { setting } = entry;
  return {
    isEnabled: setting.isEnabled,
    title: setting.title ?? '',
    description: setting.description ?? '',
    buttonLabel: setting.buttonLabel ?? '',
    imageUrl: setting.imageUrl,
    mobileImageUrl: setting.mobileImageUrl,
    reflectionPrompt: setting.reflectionPrompt ?? '',
    link: setting.link ?? '',
  };
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The PUT body: blank text is null (the default copy stays); the link only for custom_manual_action. */
export function settingRequestOf(
  entry: Pick<TActionItemAdminEntry, 'type'>,
  values: TActionItemFormValues,
): TUpdateActionItemSettingRequest {
  return {
    isEnabled: values.isEnabled,
    title: blankToNull(values.title),
    description: blankToNull(values.description),
    buttonLabel: blankToNull(values.buttonLabel),
    imageUrl: values.imageUrl,
    mobileImageUrl: values.mobileImageUrl,
    reflectionPrompt: blankToNull(values.reflectionPrompt),
    link: entry.type === 'custom_manual_action' ? blankToNull(values.link) : null,
  };
}

/** The banner as members would see it with the form's values (blank text shows the default copy). */
export function bannerPreviewOf(
  entry: TActionItemAdminEntry,
  values: TActionItemFormValues,
): Pick<
  TActionItem,
  'type' | 'heading' | 'title' | 'description' | 'buttonLabel' | 'imageUrl' | 'mobileImageUrl'
> {
  return {
    type: entry.type,
    heading: entry.heading,
    title: blankToNull(values.title) ?? entry.defaults.title,
    description: blankToNull(values.description) ?? entry.defaults.description,
    buttonLabel: blankToNull(values.buttonLabel) ?? entry.defaults.buttonLabel,
    imageUrl: values.imageUrl,
    mobileImageUrl: values.mobileImageUrl,
  };
}
