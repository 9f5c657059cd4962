import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  expectNoAxeViolations,
  openBrowser,
  useBrowserPerTest,
  waitForPath,
  type TBrowserSession,
} from '../support/browser';
import { openHubSection } from '../support/hub-sections';
import { solidPng } from '../support/png';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

describe('groups, programs and organizations (issue #6)', () => {
  it('finds and joins an open group, browses its tabs and leaves it', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@riverside.example.edu');
    await waitForPath(page, /^\/hub\/riverside\//);

    await openHubSection(page, 'Groups');
    await waitForPath(page, '/groups');
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page
      .getByRole('list', { name: 'Groups' })
      .getByRole('link', { name: 'Entrepreneurs Club' })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search groups' }).fill('women');
    await page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Women in Tech' }).waitFor();
    await expectNoAxeViolations(page, 'groups list');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill('');

    await page
      .getByRole('list', { name: 'Groups' })
      .getByRole('link', { name: 'Entrepreneurs Club' })
      .click();
    await waitForPath(page, '/groups/riverside-entrepreneurs/about');
    await page.getByRole('heading', { level: 1, name: 'Entrepreneurs Club' }).waitFor();
    await expectNoAxeViolations(page, 'group about tab');
    await page.getByRole('button', { name: 'Join group' }).click();
    await page.getByText('Member', { exact: true }).waitFor();

    await page
      .getByRole('navigation', { name: 'Entrepreneurs Club sections' })
      .getByRole('link', { name: 'Members' })
      .click();
    await waitForPath(page, '/groups/riverside-entrepreneurs/members');
    await page.getByRole('list', { name: 'Members' }).getByRole('link', { name: 'Sam Student R' }).waitFor();
    await expectNoAxeViolations(page, 'group members tab');

    await page.getByRole('button', { name: 'Leave group' }).click();
    await page
      .getByRole('dialog', { name: 'Leave Entrepreneurs Club?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.getByRole('button', { name: 'Join group' }).waitFor();

    await page.goto('/programs');
    await page.getByRole('heading', { level: 1, name: 'Programs' }).waitFor();
    await page.getByRole('link', { name: 'Mentoring Program 2019' }).click();
    await page.getByText('Sorry! This program is no longer accepting mentees or mentors').waitFor();
    await expectNoAxeViolations(page, 'closed program');
  });

  it('registers a student as a mentee of a program with its registration questions', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@riverside.example.edu');
    await waitForPath(page, /^\/hub\/riverside\//);
    await page.goto('/programs/riverside-mentoring');
    await page.getByRole('heading', { level: 1, name: 'Riverside Mentoring Program' }).waitFor();
    await page.getByRole('link', { name: 'Register' }).click();
    await waitForPath(page, '/programs/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Register for Riverside Mentoring Program' }).waitFor();
    const form = page.getByRole('form', { name: 'Program registration' });
    // The mentor window closed five days ago: only the mentee role is open.
    await form.getByRole('radio', { name: 'Mentor' }).isDisabled();
    await form.getByRole('radio', { name: 'Mentee' }).check();
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('This question is required.').first().waitFor();
    await form.getByText('Please confirm you have watched the video.').waitFor();
    await expectNoAxeViolations(page, 'program registration with errors');

    await form.getByRole('textbox', { name: 'Which industry would you like to explore?' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('checkbox', { name: 'I watched the program welcome video' }).check();
    await form
      .getByRole('textbox', { name: 'What is your goal for this year?' })
      .fill('Learn how product teams work');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { level: 2, name: 'You are in Riverside Mentoring Program!' }).waitFor();
    await expectNoAxeViolations(page, 'program registration done');
    await page.getByRole('link', { name: 'Go to the program' }).click();
    await page.getByText('Member', { exact: true }).waitFor();
  });

  it('runs a mentorship program from creation to auto-match: timeline and questions, registration, preview and publish, first message', async () => {
    const { page: admin } = browser();
    const sessions: TBrowserSession[] = [];
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    try {
      // The hub admin creates the program, opens its timelines and adds two questions.
      await signInWithForm(admin, 'hubadmin@riverside.example.edu');
      await waitForPath(admin, /^\/hub\/riverside\//);
      await admin.goto('/programs');
      await admin.getByRole('button', { name: 'Create mentorship program' }).click();
      const createDialog = admin.getByRole('dialog', { name: 'Create a mentorship program' });
      await createDialog.getByRole('textbox', { name: 'Name' }).fill('Design Mentoring Circle');
      await createDialog.getByRole('button', { name: 'Create' }).click();
      await waitForPath(admin, /^\/manage-program\/design-mentoring-circle/);
      const programPath = `/programs/${new URL(admin.url()).pathname.split('/')[2] ?? ''}`;
      await admin.getByRole('heading', { level: 1, name: 'Design Mentoring Circle' }).waitFor();
      const settings = admin.getByRole('form', { name: 'Group settings' });
      for (const legend of ['Applications of mentees', 'Applications of mentors']) {
        const fieldset = settings.getByRole('group', { name: legend });
        await fieldset.getByLabel('Start', { exact: true }).fill(day(-1));
        await fieldset.getByLabel('End', { exact: true }).fill(day(30));
      }
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await admin.getByText('Settings saved.').waitFor();
      await expectNoAxeViolations(admin, 'manage program settings');

      await admin.getByRole('tab', { name: 'Questions' }).click();
      await admin.getByRole('heading', { name: 'No registration questions yet' }).waitFor();
      const addQuestion = async (options: {
        name: string;
        type: string;
        choices?: string;
        weight: string;
      }) => {
        const form = admin.getByRole('form', { name: 'New question' });
        await form.getByRole('textbox', { name: 'Question' }).fill(options.name);
        await form.getByRole('textbox', { name: 'Type' }).click();
        await admin.getByRole('option', { name: options.type, exact: true }).click();
        if (options.choices !== undefined)
          await form.getByRole('textbox', { name: 'Options (one per line)' }).fill(options.choices);
        await form.getByRole('textbox', { name: 'Matching weight' }).fill(options.weight);
        await form.getByRole('button', { name: 'Add question' }).click();
        await admin
          .getByRole('list', { name: 'Registration questions' })
          .getByText(options.name, { exact: true })
          .waitFor();
      };
      await addQuestion({
        name: 'Which design field?',
        type: 'List',
        choices: 'Product design\nGraphic design',
        weight: '3',
      });
      await addQuestion({ name: 'Happy to meet online?', type: 'Yes or no', weight: '1' });
      await expectNoAxeViolations(admin, 'manage program questions');

      // A mentor and a mentee register with matching answers.
      const register = async (email: string, role: 'Mentor' | 'Mentee'): Promise<Page> => {
        const session = await openBrowser();
        sessions.push(session);
        const { page } = session;
        await signInWithForm(page, email);
        await waitForPath(page, /^\/hub\/riverside\//);
        await page.goto(programPath);
        await page.getByRole('link', { name: 'Register' }).click();
        const form = page.getByRole('form', { name: 'Program registration' });
        await form.getByRole('radio', { name: role }).check();
        await form.getByRole('textbox', { name: 'Which design field?' }).click();
        await page.getByRole('option', { name: 'Product design' }).click();
        await form.getByRole('switch', { name: 'Happy to meet online?' }).check();
        await form.getByRole('button', { name: 'Register' }).click();
        await page.getByRole('heading', { level: 2, name: 'You are in Design Mentoring Circle!' }).waitFor();
        return page;
      };
      await register('alumni@riverside.example.edu', 'Mentor');
      const mentee = await register('student@riverside.example.edu', 'Mentee');

      // The admin previews the auto-match with its reasons, then publishes it.
      await admin.getByRole('tab', { name: 'Matching' }).click();
      const proposal = admin.getByRole('table', { name: 'Proposed matches' });
      const row = proposal.getByRole('row', { name: /Sam Student/ });
      await row.getByText('Alex Alumni').waitFor();
      await row.getByText('Same answer to Which design field?: product design').waitFor();
      await row.getByText('100').waitFor();
      await expectNoAxeViolations(admin, 'manage program matching preview');
      await admin.getByRole('button', { name: 'Publish matches' }).click();
      await admin.getByText('1 match published; each pair has a conversation in the inbox.').waitFor();
      await admin.getByRole('heading', { name: 'No matches to propose' }).waitFor();
      await admin.getByRole('tab', { name: 'Health' }).click();
      await admin.getByRole('heading', { name: 'No stalled mentorships' }).waitFor();
      await expectNoAxeViolations(admin, 'manage program health');

      // The mentee sees the match and writes to the mentor.
      await mentee.goto(`${programPath}/about`);
      const match = mentee.getByRole('region', { name: 'Your match' });
      await match.getByText('Your mentor: Alex Alumni').waitFor();
      await match.getByRole('link', { name: 'Message Alex' }).click();
      await waitForPath(mentee, /^\/inbox\/[^/]+\/thread\//);
      await mentee.getByText(/Design Mentoring Circle matched you/).waitFor();
      await mentee.getByRole('textbox', { name: 'Your message' }).click();
      await mentee.keyboard.type('Hello Alex, looking forward to our first chat!');
      await mentee.getByRole('button', { name: 'Send', exact: true }).click();
      await mentee.getByText('Hello Alex, looking forward to our first chat!').last().waitFor();
    } finally {
      for (const session of sessions) await session.close();
    }
  });
  it('gives a group a preset cover, then an uploaded one, seen on its page and in the list (issue #16 item 18)', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/manage-group/northfield-alumni-board');
    const settings = page.getByRole('form', { name: 'Group settings' });
    await page.getByRole('heading', { level: 1, name: 'Alumni Board' }).waitFor();
    const covers = settings.getByRole('radiogroup', { name: 'Cover image' });
    await covers.getByRole('radio', { name: 'No cover' }).waitFor();
    await expectNoAxeViolations(page, 'group settings with the cover picker');
    await covers.getByRole('radio', { name: 'Waves' }).click();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    await page.goto('/groups/northfield-alumni-board/about');
    await page.getByRole('heading', { level: 1, name: 'Alumni Board' }).waitFor();
    await page.locator('img[src="/covers/waves.svg"]').waitFor();

    await page.goto('/manage-group/northfield-alumni-board');
    await page.getByLabel('Upload your own cover').setInputFiles({
      name: 'board.png',
      mimeType: 'image/png',
      buffer: solidPng({ size: 64, rgb: [20, 90, 160] }),
    });
    const mine = page.getByRole('radio', { name: 'Your image' });
    await mine.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="radio"][aria-label="Your image"]')?.getAttribute('aria-checked') ===
        'true',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    await page.goto('/groups');
    const card = page
      .getByRole('list', { name: 'Groups' })
      .getByRole('article')
      .filter({ hasText: 'Alumni Board' });
    const src = await card.locator('img').getAttribute('src');
    if (!src?.startsWith('/api/rich-text/images/'))
      throw new Error(`the card shows ${String(src)}, not the upload`);
    const loaded = await card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
    if (!loaded) throw new Error('the uploaded cover did not load');
    await expectNoAxeViolations(page, 'groups list with covers');

    // Back to no cover, as the demo data has it.
    await page.goto('/manage-group/northfield-alumni-board');
    await page.getByRole('radio', { name: 'No cover' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
  });
});
