import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';

/**
 * Terms of use, privacy policy and frequently asked questions (spec 2: open to visitors and to members whose
 * membership is pending). They describe what this deployment of Commons does; the school or organisation
 * running it is responsible for it and is who members contact.
 */
function HelpPage(props: { title: string; intro: string; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Stack maw={720} gap="lg">
      <Stack gap="xs">
        <Title order={1}>{props.title}</Title>
        <Text c="dimmed">{props.intro}</Text>
      </Stack>
      {props.children}
      <Text size="sm">
        Also see the{' '}
        <Anchor component={Link} to={paths.terms()}>
          terms of use
        </Anchor>
        , the{' '}
        <Anchor component={Link} to={paths.privacy()}>
          privacy policy
        </Anchor>{' '}
        and the{' '}
        <Anchor component={Link} to={paths.faq()}>
          frequently asked questions
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function Part(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

export function TermsPage() {
  return (
    <HelpPage
      title="Terms of use"
      intro="Commons is run by your school or organisation for its community. By using it you agree to these terms."
    >
      <Part title="Your account">
        <Text>
          Keep your password to yourself and sign out on shared computers. Your profile must be about you:
          your real name, your own studies and work. Your community&apos;s admins approve who joins and may
          suspend an account that breaks these terms.
        </Text>
      </Part>
      <Part title="How to treat others">
        <List spacing={4}>
          <List.Item>Be respectful in messages, discussions, groups and events.</List.Item>
          <List.Item>No harassment, discrimination, spam, advertising or requests for money.</List.Item>
          <List.Item>
            Share only what you may share: no one else&apos;s private information, and nothing you do not have
            the rights to.
          </List.Item>
          <List.Item>Mentors and advisers give their time freely; keep the commitments you make.</List.Item>
        </List>
      </Part>
      <Part title="Reporting">
        <Text>
          Use Report on a profile, post, message or event to tell the admins about anything that breaks these
          terms. Reports go to your community&apos;s admins, who may hide content or suspend accounts.
        </Text>
      </Part>
      <Part title="Your content">
        <Text>
          What you post stays yours. You allow your community to show it to the members who may see it, as the
          privacy policy describes. You can edit or delete your posts and delete your account at any time.
        </Text>
      </Part>
    </HelpPage>
  );
}

export function PrivacyPage() {
  return (
    <HelpPage
      title="Privacy policy"
      intro="What Commons stores about you, who can see it, and how you stay in control."
    >
      <Part title="What is stored">
        <List spacing={4}>
          <List.Item>
            Your account: name, email address, password (stored only as a one-way hash), time zone and
            settings.
          </List.Item>
          <List.Item>
            Your profile: what you choose to add, such as a photo, headline, education, work history, topics
            you can help with and documents like a resume.
          </List.Item>
          <List.Item>
            What you do here: messages, meeting requests, group and program memberships, posts, answers, event
            registrations and notifications.
          </List.Item>
        </List>
      </Part>
      <Part title="Who can see it">
        <Text>
          Your profile is shown to approved members of the communities you belong to, as the community&apos;s
          settings allow. Messages are seen only by the people in the conversation. Admins of your community
          can see what they need to run it, such as membership requests and reports. Each community&apos;s
          data is kept apart: members of another school or organisation cannot read it.
        </Text>
      </Part>
      <Part title="What is never done">
        <Text>
          Your data is not sold and not used for advertising. Email is sent for your account, your
          conversations, your groups&apos; announcements and the notifications you keep switched on in your
          settings.
        </Text>
      </Part>
      <Part title="Your control">
        <List spacing={4}>
          <List.Item>
            Download everything stored about you from{' '}
            <Anchor component={Link} to={paths.account()}>
              account settings
            </Anchor>{' '}
            (Download my data).
          </List.Item>
          <List.Item>
            Delete your account there too: it stops working at once and is erased after{' '}
            {ACCOUNT_DELETION_GRACE_DAYS} days.
          </List.Item>
          <List.Item>Choose which notifications reach you by email in your settings.</List.Item>
        </List>
      </Part>
      <Part title="Questions">
        <Text>
          Your school or organisation runs this site and answers for it. Ask your community&apos;s admins
          about anything on this page.
        </Text>
      </Part>
    </HelpPage>
  );
}

const QUESTIONS: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'My membership is pending. What happens next?',
    answer:
      'An admin of the community checks new members. You get an email when you are approved; until then you can read these pages and your account settings.',
  },
  {
    question: 'How do I find someone to talk to?',
    answer:
      'Open Network to search the directory by name, employer, industry or topic, or look at the people suggested on your home page. Message, Request mentorship and Book a meeting are on each profile when the community allows them for the two of you.',
  },
  {
    question: 'How do I book a meeting?',
    answer:
      'Choose Book a meeting on a profile or in a conversation, pick one of the free times shown in your own time zone, and add a note. Once the other person accepts, the meeting has a calendar invitation to add to your calendar.',
  },
  {
    question: 'How do I join a mentoring program?',
    answer:
      'Open Programs, choose a program and register as a mentee or a mentor while its registration is open. Some programs ask a few questions first; your answers help match you.',
  },
  {
    question: 'Why are dates shown in my time zone?',
    answer:
      'Every date and time is shown in the time zone of your account settings, so a meeting at 2 pm is 2 pm where you are. Change it in account settings if you move.',
  },
  {
    question: 'How do I report a problem with a person or a post?',
    answer:
      'Choose Report on the profile, post, message or event. Your community’s admins review every report.',
  },
];

export function FaqPage() {
  return (
    <HelpPage title="Frequently asked questions" intro="Quick answers about using Commons.">
      {QUESTIONS.map((item) => (
        <Part key={item.question} title={item.question}>
          <Text>{item.answer}</Text>
        </Part>
      ))}
    </HelpPage>
  );
}
