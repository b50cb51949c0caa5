// Practice end to end against the built server: its runner child process runs the program in the real
// sandbox and the screen shows the verdict and the output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, launchBrowser, newPage, signInWithToken, url } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('practice', () => {
  it('runs the Python example with its standard input and shows the verdict and the output', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/practice/python'));
    await page.getByRole('button', { name: 'Exécuter' }).click();
    await page.getByText('Exécution réussie').waitFor();
    // The example squares the number given on standard input (7).
    expect(await page.getByText('49', { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a runtime error of an R program', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(context, accounts.teacher);
    await page.goto(url('/dashboard/practice/r'));
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('stop("erreur volontaire")');
    await page.getByRole('button', { name: 'Exécuter' }).click();
    await page.getByText("Erreur à l’exécution").waitFor();
    expect(await page.getByText(/erreur volontaire/).count()).toBeGreaterThan(0);
    await context.close();
  });
});
