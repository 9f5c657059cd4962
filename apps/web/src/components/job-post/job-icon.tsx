import {
  IconBriefcase,
  IconCalculator,
  IconChartBar,
  IconFileText,
  IconHeadset,
  IconPalette,
  IconPencil,
  IconPresentation,
  IconScale,
  IconSearch,
  IconSpeakerphone,
  IconUsers,
  IconVideo,
  IconWorld,
  IconBulb,
} from '@tabler/icons-react';
import classes from './job-icon.module.css';

/** The pictures a post's icon names (the template icons of packages/domain PROJECT_TEMPLATES). */
const ICONS = {
  palette: IconPalette,
  chart: IconChartBar,
  globe: IconWorld,
  megaphone: IconSpeakerphone,
  search: IconSearch,
  pen: IconPencil,
  presentation: IconPresentation,
  calculator: IconCalculator,
  users: IconUsers,
  video: IconVideo,
  document: IconFileText,
  scale: IconScale,
  headset: IconHeadset,
  bulb: IconBulb,
  briefcase: IconBriefcase,
} as const;

/** The icon names a poster may choose. */
export const JOB_ICON_NAMES = Object.keys(ICONS) as (keyof typeof ICONS)[];

/** A post's icon (decorative: the title names the post); a briefcase for jobs without one, a bulb for projects. */
export function JobIcon(props: { icon: string | null; isProject: boolean; size?: number }) {
  const fallback = props.isProject ? IconBulb : IconBriefcase;
  const Icon =
    (props.icon !== null && props.icon in ICONS ? ICONS[props.icon as keyof typeof ICONS] : null) ?? fallback;
  const size = props.size ?? 44;
  return (
    <span
      className={props.isProject ? `${classes.icon} ${classes.project}` : classes.icon}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <Icon size={Math.round(size * 0.6)} stroke={1.6} />
    </span>
  );
}
