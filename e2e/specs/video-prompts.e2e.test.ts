import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, type TBrowserSession } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const STUDENT = 'student@northfield.example.edu';
const PROMPT = 'What advice would you give your first-year self?';

let session: TBrowserSession | null = null;
afterEach(async () => {
  const pageErrors = [...(session?.pageErrors ?? [])];
  await session?.close();
  session = null;
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

describe('video prompts (issue #20 item 3)', () => {
  it('the demo student records a video answer with the fake camera and finds it on the prompt and the profile', async () => {
    session = await openBrowser({ media: 'fake' });
    const { page } = session;
    await signInWithForm(page, STUDENT);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    await page.goto('/hub/northfield/video-prompt');
    await page.getByRole('heading', { level: 1, name: 'Video prompts' }).waitFor();
    await expectNoAxeViolations(page, 'video prompts');
    await page.getByRole('link', { name: PROMPT }).click();

    await page.getByRole('heading', { level: 1, name: PROMPT }).waitFor();
    // Others' answers: the demo alumnus answered with a link.
    const others = page.getByRole('region', { name: 'Answers from your community' });
    await others.getByRole('link', { name: 'Alex Alumni', exact: true }).waitFor();
    await others.getByRole('link', { name: /Watch Alex Alumni’s answer/ }).waitFor();
    await expectNoAxeViolations(page, 'video prompt');

    const mine = page.getByRole('region', { name: 'Your answer' });
    await mine.getByRole('button', { name: 'Turn on the camera' }).click();
    await mine.getByRole('button', { name: 'Start recording' }).click();
    await mine.getByText(/Recording [2-9] s of 60 s/).waitFor();
    await mine.getByRole('button', { name: 'Stop recording' }).click();
    await mine.getByLabel('Your recording').waitFor();
    await expectNoAxeViolations(page, 'recorded answer');
    await mine.getByRole('button', { name: 'Save this recording' }).click();
    await page.getByText('Your answer was saved.').waitFor();

    // The saved answer shows its poster frame (drawn from the video) and plays from the server.
    await mine.getByRole('button', { name: 'Play your answer' }).click();
    const player = mine.getByLabel('your answer', { exact: true });
    await player.waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video[aria-label="your answer"]');
      return video !== null && video.readyState >= 1;
    });
    await mine.getByText('Recorded video').waitFor();
    await expectNoAxeViolations(page, 'saved answer');

    // The profile section videoAnswers lists it.
    await page.goto('/profile/me/');
    const section = page.getByRole('region', { name: 'Video answers' });
    await section.getByRole('link', { name: PROMPT }).waitFor();
    await section.getByText(/Recorded video/).waitFor();
    await expectNoAxeViolations(page, 'profile with video answers');
  });
});
