import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** A small valid PDF (the server checks the type by its magic bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const stamp = Date.now();
const linkTitle = `Interview prep checklist ${stamp}`;
const fileTitle = `Student handbook ${stamp}`;
let filePostPath = '';

describe('resources', () => {
  it('a hub admin posts a link resource and a file resource', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/resources');
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    await page.getByRole('link', { name: 'Write a CV that gets read' }).waitFor();
    await expectNoAxeViolations(page, 'resources list for an admin');

    await page.getByRole('button', { name: 'Post a resource' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post a resource' });
    // Keyboard: the type radios move with the arrow keys (Article → Link).
    await dialog.getByRole('radio', { name: 'Article' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('radio', { name: 'Link' }).isChecked()).toBe(true);
    await dialog.getByLabel('Title').fill(linkTitle);
    await dialog
      .getByRole('textbox', { name: 'Link' })
      .fill('https://careers.example.org/interview-checklist');
    await dialog.getByRole('textbox', { name: 'Category' }).fill('Interviews');
    await expectNoAxeViolations(page, 'post resource dialog');
    await dialog.getByRole('button', { name: 'Post resource' }).click();
    await page.getByRole('heading', { level: 1, name: linkTitle }).waitFor();
    await page.getByText('https://careers.example.org/interview-checklist').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit resource' });
    await editDialog.getByRole('textbox', { name: 'Category' }).fill('Interview prep');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await page.getByText('Interview prep', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'resource post for its author');

    await page.getByRole('link', { name: '← All resources' }).click();
    await waitForPath(page, '/resources');
    await page.getByRole('button', { name: 'Post a resource' }).click();
    await dialog.getByRole('radio', { name: 'File' }).check();
    await dialog.getByLabel('Title').fill(fileTitle);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Attach a file' }).click(),
    ]);
    await chooser.setFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Remove handbook.pdf' }).waitFor();
    await dialog.getByRole('button', { name: 'Post resource' }).click();
    await page.getByRole('heading', { level: 1, name: fileTitle }).waitFor();
    await page.getByRole('button', { name: 'Download handbook.pdf' }).waitFor();
    filePostPath = new URL(page.url()).pathname;
    expect(filePostPath).toMatch(/^\/resources\/post\/student-handbook-/);
  });

  it('a student filters by type, opens the post by keyboard and downloads the file through a signed link', async () => {
    expect(filePostPath, 'the first test created the file resource').not.toBe('');
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/resources');
    await page.getByRole('link', { name: linkTitle }).waitFor();
    expect(await page.getByRole('button', { name: 'Post a resource' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'resources list for a student');

    await page.getByRole('radiogroup', { name: 'Filter by type' }).getByText('File', { exact: true }).click();
    await page.getByRole('link', { name: linkTitle }).waitFor({ state: 'detached' });
    const fileLink = page.getByRole('link', { name: fileTitle });
    await fileLink.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, filePostPath);
    await page.getByRole('heading', { level: 1, name: fileTitle }).waitFor();
    await page.getByRole('button', { name: 'Report' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'resource post for a student');

    const download = page.getByRole('button', { name: 'Download handbook.pdf' });
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe('handbook.pdf');
    expect(new URL(file.url()).searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readFile(await file.path(), 'latin1')).toBe(PDF.toString('latin1'));

    // The old -v2 path opens the same post under its canonical address (spec 2 Rewrites).
    await page.goto(filePostPath.replace('/resources/', '/resources-v2/'));
    await waitForPath(page, filePostPath);

    await page.goto('/resources');
    await page.getByRole('tab', { name: 'Business directory' }).click();
    await page.getByRole('link', { name: 'Founder Coffee Co.' }).waitFor();
    await expectNoAxeViolations(page, 'business directory');
  });
});
