import { describe, expect, it } from 'vitest';
import {
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATE_SUBJECT_MAX,
  MAIL_TEMPLATES,
  mailTemplateProblems,
  mailTemplateSampleValues,
  placeholdersIn,
  renderMailTemplate,
} from './mail-templates.js';

describe('mail template catalogue', () => {
  it('has defaults that pass their own rules and use only their placeholders', () => {
    for (const key of MAIL_TEMPLATE_KEYS) {
      const definition = MAIL_TEMPLATES[key];
      expect(mailTemplateProblems(key, definition), key).toEqual({});
      const names = definition.placeholders.map((p) => p.name);
      expect(new Set(names).size, key).toBe(names.length);
    }
  });
});

describe('mailTemplateProblems', () => {
  const body = 'Hi {{firstName}}, sign in: {{link}}';

  it('refuses an unknown placeholder and lists the allowed ones', () => {
    expect(mailTemplateProblems('magic-link', { subject: 'Hi {{hubName}}', body })).toEqual({
      subject:
        '{{hubName}} is not a placeholder of this email. Use only {{firstName}}, {{link}}, {{expiresInMinutes}}.',
    });
    expect(
      mailTemplateProblems('magic-link', { subject: 'Sign in', body: `${body} {{ nope }} {{first name}}` })
        .body,
    ).toBe(
      '{{nope}}, {{first name}} are not placeholders of this email. Use only {{firstName}}, {{link}}, {{expiresInMinutes}}.',
    );
  });

  it('keeps the required link', () => {
    expect(mailTemplateProblems('password-reset', { subject: 'Reset', body: 'Hi {{firstName}}' })).toEqual({
      body: 'Keep {{link}}: without it the email does not work.',
    });
    // A link the email can do without may go.
    expect(
      mailTemplateProblems('membership-approved', { subject: 'Welcome', body: 'Welcome, {{firstName}}' }),
    ).toEqual({});
  });

  it('limits the subject to one line of at most the maximum, and needs a subject and a body', () => {
    expect(
      mailTemplateProblems('magic-link', { subject: 'x'.repeat(MAIL_TEMPLATE_SUBJECT_MAX + 1), body })
        .subject,
    ).toBe(`Use at most ${MAIL_TEMPLATE_SUBJECT_MAX} characters.`);
    expect(mailTemplateProblems('magic-link', { subject: 'a\nb', body }).subject).toBe(
      'A subject is one line.',
    );
    expect(mailTemplateProblems('magic-link', { subject: ' ', body: ' ' })).toEqual({
      subject: 'Enter a subject.',
      body: 'Enter the text of the email.',
    });
  });
});

describe('renderMailTemplate', () => {
  it('renders the default exactly as the mail was written before templates', () => {
    const mail = renderMailTemplate('magic-link', MAIL_TEMPLATES['magic-link'], {
      firstName: 'Ada',
      link: 'https://x.test/sign-in?magic_link=t',
      expiresInMinutes: '15',
    });
    expect(mail.subject).toBe('Your Commons sign-in link');
    expect(mail.text).toBe(
      'Hi Ada,\n\nUse this link to sign in to Commons. It works once and expires in 15 minutes:\n\nhttps://x.test/sign-in?magic_link=t\n\nIf you did not ask for it, you can ignore this email.',
    );
  });

  it('escapes the template and the values in the HTML part and links only link placeholders', () => {
    const mail = renderMailTemplate(
      'group-invitation',
      { subject: '{{groupName}} <3', body: '<b>Hi</b> {{firstName}},\nline two\n\n{{link}} {{groupName}}' },
      {
        firstName: '<img src=x onerror=alert(1)>',
        groupName: 'https://evil.test',
        link: 'https://ok.test/?a=1&b="2"',
      },
    );
    expect(mail.subject).toBe('https://evil.test <3');
    expect(mail.text).toBe(
      '<b>Hi</b> <img src=x onerror=alert(1)>,\nline two\n\nhttps://ok.test/?a=1&b="2" https://evil.test',
    );
    expect(mail.html).toBe(
      '<p>&lt;b&gt;Hi&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;,<br>line two</p>\n' +
        '<p><a href="https://ok.test/?a=1&amp;b=&quot;2&quot;">https://ok.test/?a=1&amp;b=&quot;2&quot;</a> https://evil.test</p>',
    );
  });

  it('does not link a link value that is not a web address', () => {
    const mail = renderMailTemplate(
      'magic-link',
      { subject: 's', body: '{{link}}' },
      { link: 'javascript:alert(1)' },
    );
    expect(mail.html).toBe('<p>javascript:alert(1)</p>');
  });

  it('previews with sample values', () => {
    const values = mailTemplateSampleValues('sign-up-confirmation');
    expect(placeholdersIn(MAIL_TEMPLATES['sign-up-confirmation'].body).every((name) => values[name])).toBe(
      true,
    );
    expect(
      renderMailTemplate('sign-up-confirmation', MAIL_TEMPLATES['sign-up-confirmation'], values).subject,
    ).toBe('Confirm your email to join Northfield Alumni');
  });
});
