import { describe, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

describe('groups, programs and organizations (issue #6)', () => {
  it('finds and joins an open group, browses its tabs and leaves it', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@riverside.example.edu');
    await waitForPath(page, /^\/hub\/riverside\//);

    await page.getByRole('navigation', { name: 'Hub sections' }).getByRole('link', { name: 'Groups' }).click();
    await waitForPath(page, '/groups');
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Entrepreneurs Club' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search groups' }).fill('women');
    await page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Women in Tech' }).waitFor();
    await expectNoAxeViolations(page, 'groups list');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill('');

    await page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Entrepreneurs Club' }).click();
    await waitForPath(page, '/groups/riverside-entrepreneurs/about');
    await page.getByRole('heading', { level: 1, name: 'Entrepreneurs Club' }).waitFor();
    await expectNoAxeViolations(page, 'group about tab');
    await page.getByRole('button', { name: 'Join group' }).click();
    await page.getByText('Member', { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Entrepreneurs Club sections' }).getByRole('link', { name: 'Members' }).click();
    await waitForPath(page, '/groups/riverside-entrepreneurs/members');
    await page.getByRole('list', { name: 'Members' }).getByRole('link', { name: 'Sam Student R' }).waitFor();
    await expectNoAxeViolations(page, 'group members tab');

    await page.getByRole('button', { name: 'Leave group' }).click();
    await page.getByRole('dialog', { name: 'Leave Entrepreneurs Club?' }).getByRole('button', { name: 'Leave' }).click();
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
    await form.getByRole('textbox', { name: 'What is your goal for this year?' }).fill('Learn how product teams work');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { level: 2, name: 'You are in Riverside Mentoring Program!' }).waitFor();
    await expectNoAxeViolations(page, 'program registration done');
    await page.getByRole('link', { name: 'Go to the program' }).click();
    await page.getByText('Member', { exact: true }).waitFor();
  });
});
