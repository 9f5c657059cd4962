/**
 * Action items shown as home banners (spec 3 Action items). The spec names the 27 types, the click
 * actions and that some have a showLimit; the copy and headings below are Commons' own.
 */

/** The 27 action item types (spec 3). */
export const ACTION_ITEM_TYPES = [
  'select_interests',
  'favorite_career_paths',
  'group_register',
  'build_your_network',
  'get_notified',
  'student_opt_in',
  'resume_review',
  'job_connections',
  'schedule_mock_interview',
  'job_search_alerts',
  'offer_expertise',
  'share_your_experience',
  'auto_greeting_welcome',
  'complete_profile',
  'sync_calendar',
  'career_stories',
  'advising_meetings',
  'number_of_meetings',
  'complete_pathway',
  'start_pathway',
  'upload_documents',
  'custom_manual_action',
  'complete_pathwayu_assessment',
  'el_add_interest',
  'el_save_opportunity',
  'el_report_participation',
  'el_apply_opportunity',
] as const;

/** One action item type. */
export type TActionItemType = (typeof ACTION_ITEM_TYPES)[number];

/** What clicking the banner does (spec 3). */
export type TActionItemClickAction = 'modal' | 'link' | 'group' | 'pathway' | 'link-or-highlight';

/** Heading group a banner is listed under. */
export type TActionItemHeading =
  'Get started' | 'Connect' | 'Career readiness' | 'Give back' | 'Pathways' | 'Experiences';

/** Banner definition of an action item (spec 3). */
export interface TActionItemDefinition {
  type: TActionItemType;
  heading: TActionItemHeading;
  title: string;
  description: string;
  buttonLabel: string;
  clickAction: TActionItemClickAction;
  /** Path the link actions open, relative to the hub; null for modal, group and pathway actions. */
  link: string | null;
  /** How many times the banner is shown before it stops appearing; null means until completed. */
  showLimit: number | null;
}

const item = (
  definition: Omit<TActionItemDefinition, 'link' | 'showLimit'> &
    Partial<Pick<TActionItemDefinition, 'link' | 'showLimit'>>,
): TActionItemDefinition => ({
  link: null,
  showLimit: null,
  ...definition,
});

/** Banner copy, click action, heading and showLimit of every action item type (spec 3). */
export const ACTION_ITEMS: Readonly<Record<TActionItemType, TActionItemDefinition>> = {
  select_interests: item({
    type: 'select_interests',
    heading: 'Get started',
    title: 'Tell us what interests you',
    description: 'Pick a few interests so we can recommend people, careers and opportunities.',
    buttonLabel: 'Select interests',
    clickAction: 'modal',
  }),
  favorite_career_paths: item({
    type: 'favorite_career_paths',
    heading: 'Career readiness',
    title: 'Favorite career paths',
    description: 'Save the career paths you want to explore to get tailored recommendations.',
    buttonLabel: 'Explore career paths',
    clickAction: 'link',
    link: 'career-paths',
  }),
  group_register: item({
    type: 'group_register',
    heading: 'Get started',
    title: 'Finish your registration',
    description: 'Complete the registration for your group or program to take part.',
    buttonLabel: 'Register',
    clickAction: 'group',
  }),
  build_your_network: item({
    type: 'build_your_network',
    heading: 'Connect',
    title: 'Build your network',
    description: 'Reach out to people who share your interests and goals.',
    buttonLabel: 'Find people',
    clickAction: 'link',
    link: 'person',
  }),
  get_notified: item({
    type: 'get_notified',
    heading: 'Get started',
    title: 'Get notified',
    description: 'Turn on notifications so you never miss a message or meeting.',
    buttonLabel: 'Turn on notifications',
    clickAction: 'modal',
    showLimit: 3,
  }),
  student_opt_in: item({
    type: 'student_opt_in',
    heading: 'Connect',
    title: 'Let others reach you',
    description: 'Opt in so alumni and mentors can offer you help.',
    buttonLabel: 'Opt in',
    clickAction: 'modal',
    showLimit: 3,
  }),
  resume_review: item({
    type: 'resume_review',
    heading: 'Career readiness',
    title: 'Get your resume reviewed',
    description: 'Ask an alum or adviser to review your resume.',
    buttonLabel: 'Request a review',
    clickAction: 'link-or-highlight',
    link: 'person',
  }),
  job_connections: item({
    type: 'job_connections',
    heading: 'Career readiness',
    title: 'Connect with people who are hiring',
    description: 'Meet people at organisations where you want to work.',
    buttonLabel: 'See who is hiring',
    clickAction: 'link',
    link: 'person',
  }),
  schedule_mock_interview: item({
    type: 'schedule_mock_interview',
    heading: 'Career readiness',
    title: 'Practise with a mock interview',
    description: 'Schedule a mock interview to prepare with confidence.',
    buttonLabel: 'Schedule',
    clickAction: 'link-or-highlight',
    link: 'person',
  }),
  job_search_alerts: item({
    type: 'job_search_alerts',
    heading: 'Career readiness',
    title: 'Set up job alerts',
    description: 'Get told when jobs and projects that match you are posted.',
    buttonLabel: 'Create an alert',
    clickAction: 'link',
    link: 'job/list/all-job',
    showLimit: 3,
  }),
  offer_expertise: item({
    type: 'offer_expertise',
    heading: 'Give back',
    title: 'Offer your expertise',
    description: 'Let students and peers know how you can help.',
    buttonLabel: 'Offer help',
    clickAction: 'modal',
  }),
  share_your_experience: item({
    type: 'share_your_experience',
    heading: 'Give back',
    title: 'Share your experience',
    description: 'Answer a question from the community about your career.',
    buttonLabel: 'Share',
    clickAction: 'link',
    link: '/discussion',
  }),
  auto_greeting_welcome: item({
    type: 'auto_greeting_welcome',
    heading: 'Connect',
    title: 'Say hello to your welcome message',
    description: 'You have a welcome message waiting in your inbox.',
    buttonLabel: 'Open inbox',
    clickAction: 'link',
    link: '/inbox',
    showLimit: 1,
  }),
  complete_profile: item({
    type: 'complete_profile',
    heading: 'Get started',
    title: 'Complete your profile',
    description: 'A complete profile gets better matches and more replies.',
    buttonLabel: 'Complete profile',
    clickAction: 'link-or-highlight',
    link: '/profile',
  }),
  sync_calendar: item({
    type: 'sync_calendar',
    heading: 'Get started',
    title: 'Sync your calendar',
    description: 'Connect your calendar so people can book times that work for you.',
    buttonLabel: 'Sync calendar',
    clickAction: 'link',
    link: '/preferences/manage-calendar',
    showLimit: 3,
  }),
  career_stories: item({
    type: 'career_stories',
    heading: 'Give back',
    title: 'Tell your career story',
    description: 'Record or write a short answer about your path for others to learn from.',
    buttonLabel: 'Add a story',
    clickAction: 'link-or-highlight',
    link: '/profile#profile-career-journey',
  }),
  advising_meetings: item({
    type: 'advising_meetings',
    heading: 'Career readiness',
    title: 'Meet an adviser',
    description: 'Book time with an adviser to plan your next steps.',
    buttonLabel: 'Book a meeting',
    clickAction: 'link',
    link: '/advising/quick-book/topics',
  }),
  number_of_meetings: item({
    type: 'number_of_meetings',
    heading: 'Connect',
    title: 'Have your meetings',
    description: 'Meet the number of people your program asks for.',
    buttonLabel: 'Find people',
    clickAction: 'link',
    link: 'person',
  }),
  complete_pathway: item({
    type: 'complete_pathway',
    heading: 'Pathways',
    title: 'Finish your pathway',
    description: 'Pick up where you left off and complete your pathway.',
    buttonLabel: 'Continue',
    clickAction: 'pathway',
  }),
  start_pathway: item({
    type: 'start_pathway',
    heading: 'Pathways',
    title: 'Start a pathway',
    description: 'Follow a guided pathway toward your goal.',
    buttonLabel: 'Accept & Start',
    clickAction: 'pathway',
  }),
  upload_documents: item({
    type: 'upload_documents',
    heading: 'Career readiness',
    title: 'Upload your documents',
    description: 'Add your resume and other files to your profile.',
    buttonLabel: 'Upload',
    clickAction: 'link-or-highlight',
    link: '/profile?edit=files',
  }),
  custom_manual_action: item({
    type: 'custom_manual_action',
    heading: 'Get started',
    title: 'A task from your admins',
    description: 'Your community admins have asked you to complete this step.',
    buttonLabel: 'Open',
    clickAction: 'link',
  }),
  complete_pathwayu_assessment: item({
    type: 'complete_pathwayu_assessment',
    heading: 'Career readiness',
    title: 'Take the career assessment',
    description: 'Discover careers that fit your interests and strengths.',
    buttonLabel: 'Start assessment',
    clickAction: 'link',
    link: 'career-assessment',
  }),
  el_add_interest: item({
    type: 'el_add_interest',
    heading: 'Experiences',
    title: 'Add your experience interests',
    description: 'Tell us what experiences you are looking for.',
    buttonLabel: 'Add interests',
    clickAction: 'link',
    link: 'experiential-learning?showInterests=true',
  }),
  el_save_opportunity: item({
    type: 'el_save_opportunity',
    heading: 'Experiences',
    title: 'Save an opportunity',
    description: 'Bookmark experiences you want to come back to.',
    buttonLabel: 'Browse experiences',
    clickAction: 'link',
    link: 'experiential-learning',
  }),
  el_report_participation: item({
    type: 'el_report_participation',
    heading: 'Experiences',
    title: 'Report your participation',
    description: 'Let us know about the experiences you took part in.',
    buttonLabel: 'Report',
    clickAction: 'modal',
  }),
  el_apply_opportunity: item({
    type: 'el_apply_opportunity',
    heading: 'Experiences',
    title: 'Apply to an opportunity',
    description: 'Take the next step and apply to an experience.',
    buttonLabel: 'Browse experiences',
    clickAction: 'link',
    link: 'experiential-learning',
  }),
};

/** The banner fields admins can edit (spec 3): header, description, button, images and reflection prompt. */
export interface TActionItemOverrides {
  title?: string | null;
  description?: string | null;
  buttonLabel?: string | null;
  imageUrl?: string | null;
  mobileImageUrl?: string | null;
  reflectionPrompt?: string | null;
}

/** The banner as shown: admin edits replace the default copy where non-blank (spec 3). */
export interface TActionItemBanner extends TActionItemDefinition {
  imageUrl: string | null;
  mobileImageUrl: string | null;
  reflectionPrompt: string | null;
}

function pick(override: string | null | undefined, fallback: string): string;
function pick(override: string | null | undefined, fallback: null): string | null;
function pick(override: string | null | undefined, fallback: string | null): string | null {
  const value = override?.trim();
  return value !== undefined && value !== '' ? value : fallback;
}

/** The banner of an action item type with admin overrides applied (spec 3). */
export function actionItemBanner(options: {
  type: TActionItemType;
  overrides?: TActionItemOverrides | null;
}): TActionItemBanner {
  const base = ACTION_ITEMS[options.type];
  const overrides = options.overrides ?? {};
  return {
    ...base,
    title: pick(overrides.title, base.title),
    description: pick(overrides.description, base.description),
    buttonLabel: pick(overrides.buttonLabel, base.buttonLabel),
    imageUrl: pick(overrides.imageUrl, null),
    mobileImageUrl: pick(overrides.mobileImageUrl, null),
    reflectionPrompt: pick(overrides.reflectionPrompt, null),
  };
}

/** A pending action item is shown until completed and, if it has a showLimit, while shown fewer times than the limit (spec 3). */
export function shouldShowActionItem(options: {
  type: TActionItemType;
  timesShown: number;
  isCompleted: boolean;
}): boolean {
  if (options.isCompleted) return false;
  const { showLimit } = ACTION_ITEMS[options.type];
  return showLimit === null || options.timesShown < showLimit;
}

/** Type guard for an action item type. */
export function isActionItemType(value: unknown): value is TActionItemType {
  return typeof value === 'string' && (ACTION_ITEM_TYPES as readonly string[]).includes(value);
}
