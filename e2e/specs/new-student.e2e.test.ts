import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { HUB_SECTIONS } from '../support/hub-sections';
import { NEW_MEMBER_PASSWORD, passOnboarding, signUpAsStudent } from '../support/onboarding';
import { solidPng } from '../support/png';
import { openAllNextSteps } from '../support/next-steps';

const browser = useBrowserPerTest();

type TProfileHealth = {
  profile: { sections: { health?: { score: number; missing: { attribute: string }[] } } };
};

describe('a brand-new student (issue #18)', () => {
  it('gets the student tabs and sections on the home, and completing the profile completes the step (toast and highlight) and earns a badge (modal)', async () => {
    const { page } = browser();
    const email = `jordan.${Date.now()}@riverside.example.edu`;
    await signUpAsStudent(page, { hub: 'riverside', firstName: 'Jordan', email });
    await waitForPath(page, '/hub/riverside/signup');
    await passOnboarding(page, { hubName: 'Riverside College' });
    await waitForPath(page, /^\/hub\/riverside\//);

    // A new student first says what they want to learn about (first-time matching), then reaches the home.
    await page.goto('/hub/riverside/');
    await waitForPath(page, '/hub/riverside/signup/new/collect-preferences');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await waitForPath(page, '/hub/riverside/signup/new/matching');
    await page.getByRole('button', { name: 'Finish' }).click();
    await waitForPath(page, /^\/hub\/riverside\/?(home)?$/);

    // Students' tab order (spec 9 Archetype ordering), Explorer open first, each tab with its archetype name.
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Explorer', selected: true }).waitFor();
    expect(await main.getByRole('tab').allTextContents()).toEqual([
      'Explorer',
      'Planner',
      'Adventurer',
      'Network',
      'Guide',
    ]);
    // Explorer's sections for someone who has done nothing yet: next steps, the profile fields to fill in,
    // the community's answers and videos; never an empty box.
    const nextSteps = await openAllNextSteps(page);
    await nextSteps.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await main.getByRole('region', { name: 'Complete your profile' }).waitFor();
    await main.getByRole('region', { name: 'Answers from the community' }).waitFor();
    await main.getByRole('region', { name: 'Videos to watch' }).waitFor();
    expect(await main.getByText('Nothing here yet').count()).toBe(0);
    await expectNoAxeViolations(page, 'a new student’s home, Explorer tab');

    // Everything the profile score weighs but the photo, saved as the profile editor saves it.
    const { call } = await apiAs(email, { password: NEW_MEMBER_PASSWORD, hub: 'riverside' });
    await call('PATCH', '/api/profiles/me', {
      about: 'Biology student who wants to learn how research careers work outside academia.',
      careerPathExpertise: ['Research'],
      helpTopics: ['Study skills'],
      additionalInfo: [{ slug: 'Favourite class', type: 'text', value: 'Genetics' }],
      demographicInfo: { pronouns: 'they/them' },
    });
    await call('PUT', '/api/profiles/me/work-history', {
      items: [
        {
          role: 'Lab assistant',
          company: 'Riverside College',
          startMonth: 9,
          startYear: 2025,
          endMonth: null,
          endYear: null,
          current: true,
        },
      ],
    });
    const { items: questions } = await call<{ items: Array<{ id: string; questionType: string }> }>(
      'GET',
      '/api/profile-questions',
    );
    const textQuestion = questions.find((q) => q.questionType === 'text');
    if (!textQuestion) throw new Error('Riverside has no text profile question');
    await call('PUT', `/api/profile-questions/${textQuestion.id}/answer`, {
      answerData: {
        value: 'To meet alumni who moved from the lab into industry, and learn which skills they needed.',
      },
    });
    const before = await call<TProfileHealth>('GET', '/api/profiles/me');
    expect(before.profile.sections.health?.missing.map((m) => m.attribute)).toEqual(['photoUrl']);

    // The last step in the browser: the next step's button leads to the profile (in the page, so the realtime
    // connection of the home stays open), where the photo brings the profile to 100 %.
    await nextSteps.getByRole('link', { name: /^Complete profile/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'));
    await page.getByRole('heading', { level: 1, name: 'Jordan Endtoend' }).waitFor();
    await page.getByLabel('Upload a profile photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng({ size: 64, rgb: [40, 120, 90] }),
    });

    // spec 4 'Action item completed': a toast, and the hub's tabs light up for 2 seconds.
    const hubSections = page.getByRole('navigation', { name: HUB_SECTIONS });
    // (Other steps, such as offering expertise, completed with the saves above: this is the profile's.)
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'Step completed' })
      .filter({ hasText: 'Complete your profile' });
    await toast.waitFor();
    await expect.poll(() => hubSections.getAttribute('class'), { timeout: 2000 }).toMatch(/highlighted/);
    await expect.poll(() => hubSections.getAttribute('class'), { timeout: 5000 }).not.toMatch(/highlighted/);

    // spec 4 'Earned badge': no dialog was open, so the badge modal shows, its Close button focused.
    const modal = page.getByRole('dialog', { name: 'You earned a badge' });
    await modal.getByText('Profile pro').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Close');
    await expectNoAxeViolations(page, 'badge modal after completing the profile');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'detached' });

    // The profile's badges section lists it, and the step has left the home's next steps.
    await page.getByRole('region', { name: 'Badges' }).getByText('Profile pro').waitFor();
    await page.goto('/hub/riverside/');
    await openAllNextSteps(page);
    expect(await nextSteps.getByRole('heading', { name: 'Complete your profile' }).count()).toBe(0);
  });
});
