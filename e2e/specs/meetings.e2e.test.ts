import { describe, expect, it } from 'vitest';
import { apiAs, setOpenAvailability } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

const STUDENT = 'student@northfield.example.edu';
const ALUMNUS = 'alumni@northfield.example.edu';

/**
 * Two free times three days ahead, as the server offers them: a fixed offset from now can land on one of
 * the demo student's own bookings (the demo seeds an advising meeting two weekdays ahead), and the
 * proposal would be refused as overlapping.
 */
async function freeTimes(
  student: Awaited<ReturnType<typeof apiAs>>,
  threadId: string,
  timezone: string,
): Promise<string[]> {
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = await student.call<{ slots: Array<{ start: string; isDisabled: boolean }> }>(
    'GET',
    `/api/inbox/threads/${threadId}/meeting-slots?date=${date}&durationMinutes=30&timezone=${encodeURIComponent(timezone)}`,
  );
  const free = slots.filter((slot) => !slot.isDisabled).map((slot) => slot.start);
  expect(free.length).toBeGreaterThanOrEqual(5);
  return [free[0] as string, free[4] as string];
}

describe('meetings (issue #5 item 2)', () => {
  it('opens a flash-mentorship meeting by its token: the alumnus accepts a proposed time and both see Meeting Upcoming', async () => {
    const student = await apiAs(STUDENT);
    const alumnus = await apiAs(ALUMNUS);
    const { thread } = await student.call<{ thread: { id: string } }>('POST', '/api/inbox/threads', {
      recipientId: alumnus.user.id,
      messageType: 'flashMentorship',
      body: '<p>Could we talk about product roles?</p>',
    });
    // Open hours, whatever an earlier spec on this server left.
    await setOpenAvailability(alumnus);
    const timezone = 'America/Los_Angeles';
    const times = await freeTimes(student, thread.id, timezone);
    const { meeting } = await student.call<{ meeting: { meetingToken: string } }>(
      'POST',
      `/api/inbox/threads/${thread.id}/meetings`,
      {
        medium: 'video',
        durationMinutes: 30,
        proposedTimes: times,
        timezone,
      },
    );

    const { page } = browser();
    await signInWithForm(page, ALUMNUS);
    await waitForPath(page, /^\/hub\//);
    await page.goto(`/inbox/${alumnus.user.identifier}/meeting/${meeting.meetingToken}`);
    await page.getByRole('heading', { level: 1, name: 'Meeting with Sam Student' }).waitFor();
    const card = page.getByRole('article', { name: /Video call with Sam Student/ });
    await card.getByTestId('meeting-status').getByText('Request Pending').waitFor();
    await expectNoAxeViolations(page, 'pending meeting for the alumnus');
    await card
      .getByRole('button', { name: /^Accept / })
      .first()
      .click();
    await card.getByTestId('meeting-status').getByText('Meeting Upcoming').waitFor();
    await card.getByRole('link', { name: 'Join video call' }).waitFor();
    await card.getByRole('button', { name: 'Add to calendar (.ics)' }).waitFor();
    await expectNoAxeViolations(page, 'upcoming meeting');

    const other = await openBrowser();
    try {
      await signInWithForm(other.page, STUDENT);
      await waitForPath(other.page, /^\/hub\//);
      await other.page.goto(`/inbox/${student.user.identifier}/meeting/${meeting.meetingToken}`);
      const studentCard = other.page.getByRole('article', { name: /Video call with Alex Alumni/ });
      await studentCard.getByTestId('meeting-status').getByText('Meeting Upcoming').waitFor();
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('keeps my availability and a private calendar link on /preferences/manage-calendar', async () => {
    const { page } = browser();
    await signInWithForm(page, ALUMNUS);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/preferences/manage-calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar settings' }).waitFor();
    await expectNoAxeViolations(page, 'calendar settings');

    await page.getByRole('button', { name: 'Add hours on Tuesday' }).click();
    await page.getByRole('combobox', { name: 'Tuesday from' }).selectOption('10:00');
    await page.getByRole('combobox', { name: 'Tuesday to' }).selectOption('12:30');
    await page.getByRole('checkbox', { name: 'I am available until a date' }).check();
    await page.getByLabel('Last available date').fill('2030-12-31');
    await page.getByRole('radio', { name: '15 minutes' }).check();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Your availability was saved.').waitFor();

    await page.getByRole('button', { name: 'Create my calendar link' }).click();
    const link = page.getByRole('textbox', { name: 'Private calendar link' });
    await link.waitFor();
    const first = await link.inputValue();
    expect(first).toMatch(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await page.getByRole('button', { name: 'Replace the link' }).click();
    await page.getByText('A new private link was created.').waitFor();
    // The new link replaces the old one once the refreshed availability renders.
    await expect.poll(() => link.inputValue()).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    await expectNoAxeViolations(page, 'calendar settings with a feed');

    await page.reload();
    await page.getByRole('combobox', { name: 'Tuesday to' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Tuesday to' }).inputValue()).toBe('12:30');
    expect(await page.getByLabel('Last available date').inputValue()).toBe('2030-12-31');

    // Leave the demo alumnus bookable at any time for the other specs.
    const alumnus = await apiAs(ALUMNUS);
    await setOpenAvailability(alumnus);
  });
});
