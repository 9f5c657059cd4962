import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

const ALUMNUS = 'alumni@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';
const PROMPT = 'What advice would you give someone starting in your field?';

/** The first bytes of a WebM file (EBML header with the "webm" doc type): enough for the server's type check. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(256, 1),
]);

describe('career stories (issue #4 careerAdvice)', () => {
  it('the demo alumnus writes a career story with a nudge and an audio answer, and a student reads it on the profile', async () => {
    const { page } = browser();
    await signInWithForm(page, ALUMNUS);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    await page.goto('/profile/me/?edit=careerAdvice');
    await page.getByRole('heading', { level: 1, name: 'Alex Alumni' }).waitFor();
    const story = page.getByRole('region', { name: PROMPT });
    const text = story.getByRole('textbox', { name: 'Your story' });
    await text.click();
    await text.fill('Say yes to the projects nobody else wants.');
    // The low-word-count nudge shows while writing, as a plain sentence in a polite live region.
    const nudges = story.getByTestId(`career-story-nudges-advice`);
    await nudges.getByText(/fewer than 50 words/).waitFor();
    expect(await nudges.getAttribute('aria-live')).toBe('polite');
    await story.getByRole('textbox', { name: 'Link (optional)' }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await story.getByText('Enter a link that starts with http:// or https://.').waitFor();
    await story.getByRole('textbox', { name: 'Link (optional)' }).fill('https://example.org/starting-out');

    // Recording in a headless browser without a microphone explains itself in plain words.
    await story.getByRole('button', { name: 'Record an answer' }).click();
    await story
      .getByText(/microphone|upload an audio file instead/i)
      .first()
      .waitFor();

    // An uploaded audio file is checked by its bytes and saved at once.
    await story
      .locator('input[type="file"]')
      .setInputFiles({ name: 'advice.webm', mimeType: 'audio/webm', buffer: WEBM });
    await story.getByText('The audio answer was saved.').waitFor();
    await story.getByText(`Uploaded audio answer to “${PROMPT}”`).waitFor();
    await expectNoAxeViolations(page, 'career stories editor');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const section = page.getByRole('region', { name: 'Career advice' });
    await section.getByText('Say yes to the projects nobody else wants.').waitFor();
    await section.getByRole('button', { name: 'Edit career advice' }).waitFor();

    // A student of the same hub reads it on the alumnus's profile (answered prompts only).
    const student = await openBrowser();
    try {
      await signInWithForm(student.page, STUDENT);
      await student.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      await student.page.goto('/profile/alumni-northfield');
      const seen = student.page.getByRole('region', { name: 'Career advice' });
      await seen.getByText('Say yes to the projects nobody else wants.').waitFor();
      await seen.getByRole('link', { name: 'https://example.org/starting-out' }).waitFor();
      await seen.getByRole('heading', { name: 'How did you get where you are today?' }).waitFor();
      expect(
        await seen.getByRole('heading', { name: 'What do you wish you had known as a student?' }).count(),
      ).toBe(0);
      await seen.getByText(`Uploaded audio answer to “${PROMPT}”`).waitFor();
      expect(await seen.getByRole('button', { name: 'Edit career advice' }).count()).toBe(0);
      await expectNoAxeViolations(student.page, 'career stories on a profile');
    } finally {
      await student.close();
    }
  });
});
