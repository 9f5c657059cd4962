import type { TPathwayForm } from '@commons/contract';
import { eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { pathwayResponses, pathways, pathwayStepAnswers, users } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/** A form of three sections; the reflection needs review. */
function careerLaunchForm(): TPathwayForm {
  return {
    settings: { estimatedCompletionTime: 14 },
    sections: [
      {
        id: 'explore',
        title: 'Explore',
        description: 'Get to know the career centre and set up your profile.',
        steps: [
          {
            id: 'welcome',
            kind: 'richText',
            title: 'Welcome',
            needsReview: false,
            body: '<p>This pathway takes you from a first idea to your first application in two weeks.</p>',
          },
          {
            id: 'watch',
            kind: 'video',
            title: 'How alumni found their first job',
            needsReview: false,
            url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
            caption: 'Three alumni tell their story.',
          },
          {
            id: 'profile',
            kind: 'checklist',
            title: 'Set up your profile',
            needsReview: false,
            items: [
              { id: 'photo', label: 'Add a photo' },
              { id: 'headline', label: 'Write a headline' },
              { id: 'school', label: 'Add your school and major' },
            ],
          },
        ],
      },
      {
        id: 'reflect',
        title: 'Reflect',
        description: 'Think about what you want next.',
        steps: [
          {
            id: 'why',
            kind: 'reflection',
            title: 'What kind of work energises you?',
            needsReview: true,
            prompt: 'Describe a project or job where time flew by, and what you did in it.',
          },
          {
            id: 'read',
            kind: 'link',
            title: 'Read: finding your career direction',
            needsReview: false,
            url: 'https://www.bls.gov/ooh/',
            label: 'Occupational Outlook Handbook',
            description: 'Browse occupations by pay, education and outlook.',
          },
        ],
      },
      {
        id: 'apply',
        title: 'Apply',
        description: 'Put it into practice.',
        steps: [
          {
            id: 'cv',
            kind: 'fileUpload',
            title: 'Upload your CV',
            needsReview: true,
            instructions: 'Upload your current CV (PDF or DOCX) for a review by the career centre.',
          },
        ],
      },
    ],
  };
}

/** A short form of one section. */
function shortForm(title: string, items: string[]): TPathwayForm {
  return {
    settings: { estimatedCompletionTime: 7 },
    sections: [
      {
        id: 'start',
        title,
        description: '',
        steps: [
          {
            id: 'intro',
            kind: 'richText',
            title: 'Why this matters',
            needsReview: false,
            body: `<p>${title} in a week, one step a day.</p>`,
          },
          {
            id: 'tasks',
            kind: 'checklist',
            title: 'This week',
            needsReview: false,
            items: items.map((label, i) => ({ id: `task-${i + 1}`, label })),
          },
          {
            id: 'reflect',
            kind: 'reflection',
            title: 'Looking back',
            needsReview: false,
            prompt: 'What did you learn this week, and what will you do next?',
          },
        ],
      },
    ],
  };
}

/**
 * Demo pathways (issue #20 item 6): a library pathway of the second hub, and in Northfield three published
 * pathways (Career Launch, Networking Basics, and Interview Ready copied from the library). The demo student is
 * part-way through Career Launch: the first section done, the reflection pending in the hub admin's review queue,
 * so the pathway resumes at its fourth step.
 */
export async function seedDemoPathways(
  tx: TTx,
  options: {
    clusterId: string;
    now: Date;
    hub: { id: number; identifier: string };
    libraryHub: { id: number; identifier: string };
  },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const [library] = await tx
    .insert(pathways)
    .values({
      clusterId,
      hubId: options.libraryHub.id,
      slug: 'interview-ready',
      title: 'Interview Ready',
      description: 'Prepare for interviews: research, practice answers, and follow up.',
      status: 'published',
      isLibrary: true,
      form: shortForm('Interview Ready', [
        'Research the employer',
        'Practise three answers aloud',
        'Prepare two questions',
      ]),
      createdAt: at(30),
      updatedAt: at(30),
    })
    .returning();
  const [careerLaunch] = await tx
    .insert(pathways)
    .values([
      {
        clusterId,
        hubId: hub.id,
        slug: 'career-launch',
        title: 'Career Launch',
        description: 'From a first idea to your first application in two weeks.',
        status: 'published',
        form: careerLaunchForm(),
        createdAt: at(20),
        updatedAt: at(20),
      },
      {
        clusterId,
        hubId: hub.id,
        slug: 'networking-basics',
        title: 'Networking Basics',
        description: 'Meet alumni in your field and keep in touch.',
        status: 'published',
        form: shortForm('Networking Basics', ['Message one alumnus', 'Join a group', 'Attend an event']),
        createdAt: at(15),
        updatedAt: at(15),
      },
      {
        clusterId,
        hubId: hub.id,
        slug: 'interview-ready',
        title: 'Interview Ready',
        description: library?.description ?? '',
        status: 'published',
        form: library?.form ?? shortForm('Interview Ready', ['Research the employer']),
        copiedFromId: library?.id ?? null,
        createdAt: at(10),
        updatedAt: at(10),
      },
    ])
    .returning();
  if (!careerLaunch) throw new Error('demo pathways insert failed');
  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `student@${hub.identifier}.example.edu`))
    .limit(1);
  if (!student) return;
  const [response] = await tx
    .insert(pathwayResponses)
    .values({
      clusterId,
      hubId: hub.id,
      pathwayId: careerLaunch.id,
      userId: student.id,
      progress: 'pending',
      startedAt: at(6),
      updatedAt: at(2),
    })
    .returning();
  if (!response) throw new Error('demo pathway response insert failed');
  const base = {
    clusterId,
    hubId: hub.id,
    pathwayId: careerLaunch.id,
    responseId: response.id,
    userId: student.id,
  };
  await tx.insert(pathwayStepAnswers).values([
    { ...base, stepId: 'welcome', status: 'completed', submittedAt: at(6), updatedAt: at(6) },
    { ...base, stepId: 'watch', status: 'completed', submittedAt: at(5), updatedAt: at(5) },
    {
      ...base,
      stepId: 'profile',
      status: 'completed',
      value: { kind: 'checklist', checkedItemIds: ['photo', 'headline', 'school'] },
      submittedAt: at(4),
      updatedAt: at(4),
    },
    {
      ...base,
      stepId: 'why',
      status: 'pending',
      value: {
        kind: 'reflection',
        text: 'Organising the robotics club’s open day: I planned the schedule, recruited volunteers and talked to visitors all day without noticing the time.',
      },
      submittedAt: at(2),
      updatedAt: at(2),
    },
  ]);
}
