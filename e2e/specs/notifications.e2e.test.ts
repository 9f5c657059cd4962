import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

// Each test first marks the employer's notifications read: the demo job board and the jobs spec (when it ran
// earlier on the same server) leave them unread ones, and the counts below are this spec's own.
const RECIPIENT = 'employer@northfield.example.edu';
const REQUEST_TITLE = 'Hana Admin sent you a flash mentorship request';
const MESSAGE_TITLE = 'Fran Faculty sent you a message';
const SOON = { timeout: 10_000 };

describe('notifications (issue #16 item 1)', () => {
  it('opens the bell by keyboard, groups and links notifications, marks one and all read, and updates live', async () => {
    const [hubAdmin, faculty, recipient] = [
      await apiAs('hubadmin@northfield.example.edu'),
      await apiAs('faculty@northfield.example.edu'),
      await apiAs(RECIPIENT),
    ];
    await recipient.call('POST', '/api/notifications/read-all', {});
    const { thread: request } = await hubAdmin.call<{ thread: { id: string } }>(
      'POST',
      '/api/inbox/threads',
      {
        recipientId: recipient.user.id,
        messageType: 'flashMentorship',
        body: '<p>Could we talk about hiring interns this spring?</p>',
      },
    );
    const { thread: chat } = await faculty.call<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
      recipientId: recipient.user.id,
      messageType: 'message',
      body: '<p>Thanks for visiting the career fair.</p>',
    });

    const { page } = browser();
    await signInWithForm(page, RECIPIENT);
    await waitForPath(page, /^\/hub\//);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), SOON).toMatch(/^Notifications, \d+ unread$/);

    // Enter on the focused bell opens the panel, its notifications under headings.
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    const requestLink = panel
      .getByRole('region', { name: 'Requests' })
      .getByRole('link', { name: REQUEST_TITLE });
    await requestLink.waitFor();
    const other = panel.getByRole('region', { name: 'Other' });
    await other.getByRole('link', { name: MESSAGE_TITLE }).waitFor();
    await expectNoAxeViolations(page, 'notification panel');

    // Mark one read: its button and "New" mark go, and focus moves to the notification at once (the button is
    // disabled while it loads, and focus must never fall to the page meanwhile).
    const markOne = other.getByRole('button', { name: `Mark read: ${MESSAGE_TITLE}` });
    await markOne.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(MESSAGE_TITLE);
    await expect.poll(() => markOne.count(), SOON).toBe(0);
    // This notification's own "New" mark is gone.
    const messageItem = other
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: MESSAGE_TITLE }) });
    expect(await messageItem.getByText('New', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(MESSAGE_TITLE);

    // The link opens its target (opening the thread reads its notification) and closes the panel.
    await requestLink.click();
    await waitForPath(page, `/inbox/${recipient.user.identifier}/thread/${request.id}`);
    expect(await panel.count()).toBe(0);
    await expect.poll(() => bell.getAttribute('aria-label'), SOON).toBe('Notifications');

    // A new notification reaches the open page without a reload (notification.created over the gateway).
    await faculty.call('POST', `/api/inbox/threads/${chat.id}/messages`, { body: '<p>One more thing.</p>' });
    await expect.poll(() => bell.getAttribute('aria-label'), SOON).toBe('Notifications, 1 unread');

    // Space opens the panel too; Mark all read clears the count and every "New" mark.
    await bell.focus();
    await page.keyboard.press('Space');
    await panel.waitFor();
    await panel.getByText('New', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), SOON).toBe('Notifications');
    await expect.poll(() => panel.getByText('New', { exact: true }).count(), SOON).toBe(0);

    // The panel leads to the full page.
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await waitForPath(page, '/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await panel.count()).toBe(0);
  });

  it('lists every notification a page at a time on the notifications page, filters by heading and marks all read', async () => {
    const [alumnus, recipient] = [await apiAs('alumni@northfield.example.edu'), await apiAs(RECIPIENT)];
    await recipient.call('POST', '/api/notifications/read-all', {});
    const { thread } = await alumnus.call<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
      recipientId: recipient.user.id,
      messageType: 'message',
      body: '<p>Hello from the alumni network.</p>',
    });
    // 21 notifications: one more than a page.
    for (let i = 1; i <= 20; i += 1)
      await alumnus.call('POST', `/api/inbox/threads/${thread.id}/messages`, { body: `<p>Note ${i}</p>` });
    const alumnusLinks = (page: Page) => page.getByRole('link', { name: 'Alex Alumni sent you a message' });

    const { page } = browser();
    await signInWithForm(page, RECIPIENT);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const other = page.getByRole('region', { name: 'Other' });
    await expect
      .poll(() => other.getByRole('link', { name: 'Alex Alumni sent you a message' }).count(), SOON)
      .toBe(20);
    await expectNoAxeViolations(page, 'notifications page');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => alumnusLinks(page).count(), SOON).toBe(21);

    // Mark all read clears every "New" mark, here and on the bell.
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => page.getByText('New', { exact: true }).count(), SOON).toBe(0);
    await expect
      .poll(() => page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label'), SOON)
      .toBe('Notifications');
    expect(await page.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);

    // The heading filter (radio chips, by keyboard) keeps that heading's notifications; the choice is in the address.
    await page.getByRole('radio', { name: 'Requests' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).searchParams.get('group'), SOON).toBe('requests');
    await expect.poll(() => alumnusLinks(page).count(), SOON).toBe(0);
    await page.getByRole('radio', { name: 'Mentions' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('heading', { level: 2, name: 'No notifications under Mentions' }).waitFor();
    await expectNoAxeViolations(page, 'notifications page, empty under a heading');
  });
});
