/**
 * The cluster's email templates (issue #23 item 2; spec 6 cluster-level group email-settings): the catalogue of the
 * transactional emails whose wording a cluster admin may change, the placeholders each one may use, and the
 * defaults the mail module sends when the cluster has no override (one place: the admin console shows these same
 * defaults).
 *
 * Templates are plain text with {{placeholders}}, not rich text: every transactional email of the product is
 * plain text today (the text part is what mail clients without HTML, screen readers and the E2E mail catcher read),
 * so the one source renders both parts: the text part verbatim, and an HTML part in which the template and every
 * value are escaped, blank lines make paragraphs and link placeholders become links. An admin cannot inject markup.
 *
 * Not in the catalogue: bulk emails and group emails (their subject and body are written anew for each message),
 * digests, alerts and reminders (lists assembled from content).
 */

/** One value a template may insert. */
export type TMailPlaceholder = {
  name: string;
  description: string;
  /** What the preview inserts. */
  sample: string;
  /** A web address: shown as a link in the HTML part. */
  isLink?: boolean;
  /** The email is useless without it (the link of a sign-in, reset or confirmation): a template must keep it. */
  isRequired?: boolean;
};

export type TMailTemplateDefinition = {
  label: string;
  description: string;
  placeholders: readonly TMailPlaceholder[];
  subject: string;
  body: string;
};

const FIRST_NAME: TMailPlaceholder = {
  name: 'firstName',
  description: "The recipient's first name",
  sample: 'Alex',
};
const HUB_NAME: TMailPlaceholder = {
  name: 'hubName',
  description: "The community's name",
  sample: 'Northfield Alumni',
};

const PROGRAM_NAME: TMailPlaceholder = {
  name: 'programName',
  description: "The mentoring program's name",
  sample: 'Alumni Mentoring',
};
const INBOX_LINK: TMailPlaceholder = {
  name: 'inboxLink',
  description: 'The inbox, where the conversation is',
  sample: 'https://commons.example.edu/inbox',
  isLink: true,
};

function requiredLink(description: string, sample: string): TMailPlaceholder {
  return { name: 'link', description, sample, isLink: true, isRequired: true };
}

/** Every template key, in the order the console lists them. */
export const MAIL_TEMPLATE_KEYS = [
  'sign-up-confirmation',
  'sign-up-existing-account',
  'magic-link',
  'password-reset',
  'password-changed',
  'email-change-confirmation',
  'email-change-notice',
  'membership-approved',
  'membership-declined',
  'group-invitation',
  'mentorship-matched-mentee',
  'mentorship-matched-mentor',
  'mentorship-check-in',
] as const;
export type TMailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number];

export const MAIL_TEMPLATES: Record<TMailTemplateKey, TMailTemplateDefinition> = {
  'sign-up-confirmation': {
    label: 'Sign-up confirmation',
    description: 'Sent when someone creates an account: the link confirms their email address.',
    placeholders: [
      FIRST_NAME,
      HUB_NAME,
      requiredLink(
        'The confirmation link',
        'https://commons.example.edu/create-account/confirmation?token=sample',
      ),
      { name: 'linkValidHours', description: 'How many hours the link works', sample: '24' },
    ],
    subject: 'Confirm your email to join {{hubName}}',
    body: 'Hi {{firstName}},\n\nConfirm your email address to finish creating your {{hubName}} account on Commons (the link works for {{linkValidHours}} hours):\n\n{{link}}\n\nIf you did not sign up, you can ignore this email.',
  },
  'sign-up-existing-account': {
    label: 'Sign-up with an existing account',
    description:
      'Sent instead of the confirmation when someone signs up with an address that already has an account.',
    placeholders: [
      FIRST_NAME,
      HUB_NAME,
      {
        name: 'signInLink',
        description: 'The sign-in page',
        sample: 'https://commons.example.edu/hub/northfield/auth/sign-in',
        isLink: true,
      },
    ],
    subject: 'Someone tried to create an account with your email at {{hubName}}',
    body: 'Hi {{firstName}},\n\nSomeone (perhaps you) tried to create a Commons account at {{hubName}} with this email address. You already have an account, so nothing was created.\n\nSign in: {{signInLink}}\nForgot your password? Choose "Forgot password?" on that page.\n\nIf it was not you, you can ignore this email.',
  },
  'magic-link': {
    label: 'Sign-in link',
    description: 'The one-time sign-in link (magic link) someone asks for on the sign-in page.',
    placeholders: [
      FIRST_NAME,
      requiredLink('The one-time sign-in link', 'https://commons.example.edu/sign-in?magic_link=sample'),
      { name: 'expiresInMinutes', description: 'How many minutes the link works', sample: '15' },
    ],
    subject: 'Your Commons sign-in link',
    body: 'Hi {{firstName}},\n\nUse this link to sign in to Commons. It works once and expires in {{expiresInMinutes}} minutes:\n\n{{link}}\n\nIf you did not ask for it, you can ignore this email.',
  },
  'password-reset': {
    label: 'Password reset',
    description: 'The link to choose a new password, sent from "Forgot password?".',
    placeholders: [
      FIRST_NAME,
      requiredLink('The password reset link', 'https://commons.example.edu/reset-password/sample'),
      { name: 'expiresInMinutes', description: 'How many minutes the link works', sample: '60' },
    ],
    subject: 'Reset your Commons password',
    body: 'Hi {{firstName}},\n\nSomeone (hopefully you) asked to reset the password of your Commons account. Choose a new password with this link. It works once and expires in {{expiresInMinutes}} minutes:\n\n{{link}}\n\nIf you did not ask for it, you can ignore this email: your password stays as it is.',
  },
  'password-changed': {
    label: 'Password changed',
    description: 'Tells the account holder that their password was reset with a link.',
    placeholders: [FIRST_NAME],
    subject: 'Your Commons password was changed',
    body: 'Hi {{firstName}},\n\nThe password of your Commons account was just reset with a link sent to this address, and every device signed in to the account was signed out.\n\nIf it was not you, choose a new password right away with "Forgot password?" on the sign-in page, and tell your community\'s administrators.',
  },
  'email-change-confirmation': {
    label: 'New email address confirmation',
    description: 'Sent to the new address when someone changes their email: the link confirms it.',
    placeholders: [
      FIRST_NAME,
      requiredLink('The confirmation link', 'https://commons.example.edu/account/verify-email?token=sample'),
    ],
    subject: 'Confirm your new Commons email address',
    body: 'Hi {{firstName}},\n\nConfirm this address for your Commons account (the link works for 24 hours):\n{{link}}\n\nIf you did not ask for this, ignore this email.',
  },
  'email-change-notice': {
    label: 'Email address change notice',
    description: 'Sent to the old address when someone asks to change their email.',
    placeholders: [FIRST_NAME],
    subject: 'Your Commons email address is being changed',
    body: 'Hi {{firstName}},\n\nSomeone signed in to your account asked to change its email address. If it was not you, change your password now.',
  },
  'membership-approved': {
    label: 'Membership approved',
    description: "Sent when a hub admin approves someone's request to join.",
    placeholders: [
      FIRST_NAME,
      HUB_NAME,
      {
        name: 'hubLink',
        description: "The community's page",
        sample: 'https://commons.example.edu/hub/northfield/',
        isLink: true,
      },
    ],
    subject: 'Welcome to {{hubName}}',
    body: 'Hi {{firstName}},\n\nYour membership of {{hubName}} on Commons was approved. Sign in to get started:\n{{hubLink}}\n',
  },
  'membership-declined': {
    label: 'Membership declined',
    description: "Sent when a hub admin declines someone's request to join.",
    placeholders: [FIRST_NAME, HUB_NAME],
    subject: 'Your request to join {{hubName}}',
    body: "Hi {{firstName}},\n\nYour request to join {{hubName}} on Commons was not approved. If you think this is a mistake, please contact the hub's administrators.\n",
  },
  'group-invitation': {
    label: 'Group invitation',
    description: 'Sent to people a group admin invites by email: the link finishes their registration.',
    placeholders: [
      FIRST_NAME,
      { name: 'groupName', description: "The group's name", sample: 'Class of 2015' },
      requiredLink(
        'The registration link',
        'https://commons.example.edu/hub/northfield/signup?invite=sample',
      ),
    ],
    subject: 'You are invited to {{groupName}}',
    body: 'Hi {{firstName}},\n\nYou are invited to join {{groupName}}. Finish your registration here:\n{{link}}\n',
  },
  'mentorship-matched-mentee': {
    label: 'Mentor match (to the mentee)',
    description: 'Sent to a mentee when a mentoring program matches them with a mentor.',
    placeholders: [
      FIRST_NAME,
      PROGRAM_NAME,
      { name: 'mentorFirstName', description: "The mentor's first name", sample: 'Jordan' },
      INBOX_LINK,
    ],
    subject: 'Your mentor in {{programName}}',
    body: 'Hi {{firstName}},\n\n{{programName}} matched you with {{mentorFirstName}}. Your conversation is waiting in your inbox:\n{{inboxLink}}\n',
  },
  'mentorship-matched-mentor': {
    label: 'Mentor match (to the mentor)',
    description: 'Sent to a mentor when a mentoring program matches them with a mentee.',
    placeholders: [
      FIRST_NAME,
      PROGRAM_NAME,
      { name: 'menteeFirstName', description: "The mentee's first name", sample: 'Sam' },
      INBOX_LINK,
    ],
    subject: 'Your mentee in {{programName}}',
    body: 'Hi {{firstName}},\n\n{{programName}} matched you with {{menteeFirstName}}. Your conversation is waiting in your inbox:\n{{inboxLink}}\n',
  },
  'mentorship-check-in': {
    label: 'Mentorship check-in',
    description: "Sent to both people of a quiet mentorship when the program's admin nudges them.",
    placeholders: [
      FIRST_NAME,
      PROGRAM_NAME,
      { name: 'partnerFirstName', description: "The other person's first name", sample: 'Jordan' },
      INBOX_LINK,
    ],
    subject: 'Checking in on your mentorship in {{programName}}',
    body: 'Hi {{firstName}},\n\nIt has been a while since you and {{partnerFirstName}} last wrote to each other in {{programName}}. A short message keeps the mentorship going:\n{{inboxLink}}\n',
  },
};

export function isMailTemplateKey(value: string): value is TMailTemplateKey {
  return Object.hasOwn(MAIL_TEMPLATES, value);
}

/** Longest subject template (a subject is one line; mail clients cut long ones). */
export const MAIL_TEMPLATE_SUBJECT_MAX = 200;
/** Longest body template. */
export const MAIL_TEMPLATE_BODY_MAX = 10_000;

/** Anything between double braces: a placeholder, well formed or not (so a typo is refused, not sent). */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholder names a text uses, in order of first use (trimmed, as written). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => (match[1] ?? '').trim()))];
}

function placeholderList(definition: TMailTemplateDefinition): string {
  return definition.placeholders.map((p) => `{{${p.name}}}`).join(', ');
}

/** What is wrong with an override's text, per field; empty when it can be saved. */
export function mailTemplateProblems(
  key: TMailTemplateKey,
  template: { subject: string; body: string },
): Partial<Record<'subject' | 'body', string>> {
  const definition = MAIL_TEMPLATES[key];
  const allowed = new Set(definition.placeholders.map((p) => p.name));
  const problems: Partial<Record<'subject' | 'body', string>> = {};
  const unknownIn = (text: string) => placeholdersIn(text).filter((name) => !allowed.has(name));
  const unknownMessage = (names: string[]) =>
    `${names.map((name) => `{{${name}}}`).join(', ')} ${names.length === 1 ? 'is not a placeholder' : 'are not placeholders'} of this email. Use only ${placeholderList(definition)}.`;

  const subject = template.subject.trim();
  const unknownInSubject = unknownIn(subject);
  if (subject === '') problems.subject = 'Enter a subject.';
  else if (subject.length > MAIL_TEMPLATE_SUBJECT_MAX)
    problems.subject = `Use at most ${MAIL_TEMPLATE_SUBJECT_MAX} characters.`;
  else if (/[\r\n]/.test(template.subject)) problems.subject = 'A subject is one line.';
  else if (unknownInSubject.length > 0) problems.subject = unknownMessage(unknownInSubject);

  const body = template.body.trim();
  const unknownInBody = unknownIn(body);
  const used = new Set(placeholdersIn(body));
  const missing = definition.placeholders.filter((p) => p.isRequired && !used.has(p.name));
  if (body === '') problems.body = 'Enter the text of the email.';
  else if (template.body.length > MAIL_TEMPLATE_BODY_MAX)
    problems.body = `Use at most ${MAIL_TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters.`;
  else if (unknownInBody.length > 0) problems.body = unknownMessage(unknownInBody);
  else if (missing.length > 0)
    problems.body = `Keep ${missing.map((p) => `{{${p.name}}}`).join(', ')}: without it the email does not work.`;
  return problems;
}

/** The sample values of a template's placeholders (the console's preview). */
export function mailTemplateSampleValues(key: TMailTemplateKey): Record<string, string> {
  return Object.fromEntries(MAIL_TEMPLATES[key].placeholders.map((p) => [p.name, p.sample]));
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Fills the placeholders of a text (unknown names become empty): each value goes through `value`, the text
 * around them through `between`.
 */
function fill(
  text: string,
  definition: TMailTemplateDefinition,
  values: Readonly<Record<string, string>>,
  format: {
    value: (raw: string, placeholder: TMailPlaceholder | undefined) => string;
    between: (raw: string) => string;
  },
): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? '').trim();
    out += format.between(text.slice(last, match.index));
    out += format.value(
      values[name] ?? '',
      definition.placeholders.find((p) => p.name === name),
    );
    last = match.index + match[0].length;
  }
  return out + format.between(text.slice(last));
}

/** A link placeholder's value as an anchor when it is a web address, else as text. */
function htmlValue(value: string, placeholder: TMailPlaceholder | undefined): string {
  const escaped = escapeHtml(value);
  return placeholder?.isLink && /^https?:\/\//i.test(value) ? `<a href="${escaped}">${escaped}</a>` : escaped;
}

export type TRenderedMail = { subject: string; text: string; html: string };

/**
 * A template filled with values: the subject (made one line when queued) and the text part verbatim, the HTML part escaped (template and
 * values alike), one paragraph per blank-line-separated block, line breaks kept, link placeholders as links.
 */
export function renderMailTemplate(
  key: TMailTemplateKey,
  template: { subject: string; body: string },
  values: Readonly<Record<string, string>>,
): TRenderedMail {
  const definition = MAIL_TEMPLATES[key];
  const plain = { value: (value: string) => value, between: (text: string) => text };
  const subject = fill(template.subject, definition, values, plain);
  const text = fill(template.body, definition, values, plain);
  const paragraphs = template.body
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n+/)
    .map(
      (block) =>
        `<p>${fill(block, definition, values, { value: htmlValue, between: escapeHtml }).replaceAll('\n', '<br>')}</p>`,
    );
  return { subject, text, html: paragraphs.join('\n') };
}
