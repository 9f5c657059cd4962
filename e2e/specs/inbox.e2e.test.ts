import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, setOpenAvailability } from '../support/api-as';
import {
  CHROMIUM_PATH,
  expectNoAxeViolations,
  openBrowser,
  useBrowserPerTest,
  waitForPath,
} from '../support/browser';
import { tabTo } from '../support/keyboard';
import { signInWithForm } from '../support/sign-in';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();

const STUDENT = 'student@northfield.example.edu';
const ALUMNUS = 'alumni@northfield.example.edu';

/** A day some days ahead as YYYY-MM-DD (the date input's value). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('inbox (issue #5 items 1–3)', () => {
  it('student writes to an alumnus and requests a flash-mentorship meeting; the alumnus sees it live, accepts, both see Meeting Upcoming; typing shows and clears', async () => {
    const alumnus = await apiAs(ALUMNUS);
    // The demo alumnus is bookable at any time (no weekly hours means every slot on the grid).
    await setOpenAvailability(alumnus);

    // The student starts the conversation from the compose dialog.
    const { page } = browser();
    await signInWithForm(page, STUDENT);
    await waitForPath(page, /^\/hub\//);
    await page.goto(`/inbox?to=${alumnus.user.id}`);
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByText('Alex Alumni').waitFor();
    // A plain message is the default; each type says in one line what it asks for (issue #16 item 3).
    expect(await dialog.getByRole('radio', { name: 'Message', exact: true }).isChecked()).toBe(true);
    await dialog.getByText('Ask for one short conversation about a specific question.').waitFor();
    await dialog.getByRole('radio', { name: 'Flash mentorship' }).check();
    await dialog.getByRole('combobox', { name: 'Start from a template' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Send' }).click();
    // spec 5 Message template: refused while a placeholder is unfilled.
    await dialog.getByText(/^Please replace \[add name\]/).waitFor();
    const editor = dialog.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Hi Alex, could we talk about product design roles?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await waitForPath(page, /^\/inbox\/[^/]+\/thread\//);
    const threadPath = new URL(page.url()).pathname;
    const threadId = threadPath.split('/').at(-1) ?? '';
    await page.getByRole('heading', { level: 1, name: 'Conversation with Alex Alumni' }).waitFor();
    await page.getByText('Hi Alex, could we talk about product design roles?').waitFor();

    // The alumnus finds it in the inbox with the keyboard and opens it.
    const other = await openBrowser();
    try {
      const alumnusPage = other.page;
      await signInWithForm(alumnusPage, ALUMNUS);
      await waitForPath(alumnusPage, /^\/hub\//);
      await alumnusPage.goto('/inbox');
      await alumnusPage.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      // This conversation (another spec on the same server may have started one more with Sam).
      const threadLink = alumnusPage.locator(`a[href$="/thread/${threadId}"]`);
      await threadLink.waitFor();
      expect(await threadLink.textContent()).toContain('Sam Student');
      await alumnusPage.getByTestId('thread-row').filter({ has: threadLink }).getByText('1 unread').waitFor();
      await expectNoAxeViolations(alumnusPage, 'inbox');
      await tabTo(alumnusPage, threadLink);
      await alumnusPage.keyboard.press('Enter');
      await waitForPath(alumnusPage, `/inbox/${alumnus.user.identifier}/thread/${threadId}`);
      await alumnusPage.getByRole('heading', { level: 1, name: 'Conversation with Sam Student' }).waitFor();
      await alumnusPage.getByText('Sam sent you a flash mentorship request.').waitFor();

      // Presence: the student sees the alumnus online (spec 4).
      await page
        .getByTestId('presence-text')
        .getByText(/^Online/)
        .waitFor();

      // The student requests a video meeting with two proposed times.
      await page.getByRole('button', { name: 'Request a meeting' }).click();
      const request = page.getByRole('dialog', { name: 'Request a meeting with Alex' });
      await request.getByLabel('Day', { exact: true }).fill(dayAhead(3));
      const slots = request.getByRole('group', { name: /Free times on this day/ });
      await slots.locator('label').nth(20).click();
      await slots.locator('label').nth(22).click();
      await request.getByText('Proposed times (2 of 5)').waitFor();
      await request.getByRole('button', { name: 'Send request' }).click();
      await request.waitFor({ state: 'hidden' });
      const studentCard = page.getByRole('article', { name: /Video call with Alex Alumni/ });
      await studentCard
        .getByTestId('meeting-status')
        .getByText('Your request has been sent to Alex')
        .waitFor();

      // The alumnus sees the request arrive without reloading, and accepts the first proposed time.
      const alumnusCard = alumnusPage.getByRole('article', { name: /Video call with Sam Student/ });
      await alumnusCard.getByTestId('meeting-status').getByText('Request Pending').waitFor();
      await expectNoAxeViolations(alumnusPage, 'thread page with a meeting request');
      await alumnusCard
        .getByRole('button', { name: /^Accept / })
        .first()
        .click();
      await alumnusCard.getByTestId('meeting-status').getByText('Meeting Upcoming').waitFor();
      // …and the student's page follows live.
      await studentCard.getByTestId('meeting-status').getByText('Meeting Upcoming').waitFor();

      // Typing: the student types, the alumnus sees it, and it clears 3 seconds after the last keystroke.
      const indicator = alumnusPage.getByTestId('typing-indicator');
      await page.getByRole('textbox', { name: 'Your message' }).click();
      await page.keyboard.type('Looking forward', { delay: 40 });
      await indicator.getByText('Sam is typing…').waitFor();
      await expect.poll(() => indicator.textContent(), { timeout: 6000 }).toBe('');

      // The reply arrives live, and the student's page stays accessible.
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await alumnusPage.getByText('Looking forward').waitFor();
      await expectNoAxeViolations(page, 'thread page of the student');

      // The video room explains in plain words when the browser gives no camera or microphone.
      await alumnusPage.getByRole('button', { name: 'Join video call' }).click();
      await alumnusPage.getByRole('alert').filter({ hasText: 'Camera or microphone unavailable' }).waitFor();
      await expectNoAxeViolations(alumnusPage, 'video room with a camera error');
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('offers a meeting in a long-term mentorship only once the mentor accepts, and says why before (issue #16 item 3)', async () => {
    const [mentee, mentor] = [await apiAs('faculty@northfield.example.edu'), await apiAs(ALUMNUS)];
    const { thread } = await mentee.call<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
      recipientId: mentor.user.id,
      messageType: 'longTermMentorship',
      body: '<p>Would you mentor me this term?</p>',
    });
    const { page } = browser();
    await signInWithForm(page, 'faculty@northfield.example.edu');
    await waitForPath(page, /^\/hub\//);
    await page.goto(`/inbox/${mentee.user.identifier}/thread/${thread.id}`);
    await page.getByText('Meetings can be requested once the mentorship is accepted.').waitFor();
    expect(await page.getByRole('button', { name: 'Request a meeting' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'mentorship request before acceptance');

    await mentor.call('POST', `/api/inbox/threads/${thread.id}/accept`);
    await page.reload();
    await page.getByRole('button', { name: 'Request a meeting' }).waitFor();
    expect(await page.getByText('Meetings can be requested once the mentorship is accepted.').count()).toBe(
      0,
    );
  });

  it('connects a WebRTC video call between the two participants through the realtime gateway', async () => {
    const student = await apiAs(STUDENT);
    const alumnus = await apiAs(ALUMNUS);
    const { thread } = await student.call<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
      recipientId: alumnus.user.id,
      messageType: 'message',
      body: '<p>Shall we talk on video?</p>',
    });
    // Fake camera and microphone; plain host candidates instead of mDNS names, so two tabs on one machine connect.
    const callBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    });
    try {
      const open = async (email: string, identifier: string) => {
        const context = await callBrowser.newContext({
          baseURL: testServer().baseUrl,
          viewport: { width: 1280, height: 900 },
        });
        context.setDefaultTimeout(20_000);
        const page = await context.newPage();
        await signInWithForm(page, email);
        await waitForPath(page, /^\/hub\//);
        await page.goto(`/inbox/${identifier}/thread/${thread.id}`);
        await page.getByRole('heading', { level: 1, name: /^Conversation with / }).waitFor();
        return page;
      };
      const studentPage = await open(STUDENT, student.user.identifier);
      const alumnusPage = await open(ALUMNUS, alumnus.user.identifier);
      await studentPage.getByRole('button', { name: 'Join video call' }).click();
      await studentPage.getByText('Waiting for Alex to join…').waitFor();
      // spec 4: the other participant is told who is in the room.
      await alumnusPage.getByText('Sam is in the video room.').waitFor();
      await alumnusPage.getByRole('button', { name: 'Join video call' }).click();
      await studentPage.getByText('Connected with Alex.').waitFor();
      await alumnusPage.getByText('Connected with Sam.').waitFor();
      await alumnusPage.getByRole('button', { name: 'Leave video call' }).click();
      await studentPage.getByText('Waiting for Alex to join…').waitFor();
    } finally {
      await callBrowser.close();
    }
  });
});
