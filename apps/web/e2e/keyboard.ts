// Keyboard-only walks shared by the e2e tests: moving the focus stop by stop (saying the stops passed when it does not
// arrive), annotating a passage of an answer (Maj + flèches, a comment, « Annoter la sélection »), replacing the text
// of a code editor.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** What has the focus: its test id, else its tag and input type (« input[radio] »). */
export const focusStop = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('data-testid') ?? `${el?.tagName.toLowerCase()}${el?.type ? `[${el.type}]` : ''}`;
  });

/** Presses `key` until `reached` (at most `max` times), asserts it was reached; returns the stops passed on the way. */
export async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', reached: () => Promise<boolean>, max = 8): Promise<string[]> {
  const path: string[] = [];
  for (let k = 0; k < max && !(await reached()); k += 1) {
    await page.keyboard.press(key);
    path.push(await focusStop(page));
  }
  expect(await reached(), `${key} : ${path.join(' → ')}`).toBe(true);
  return path;
}

/** The focus is in the rubric's criterion `index` (0: the first) of `scope` (a CSS selector: the page, a dialog). */
export const inCriterion = (page: Page, index: number, scope = '') =>
  page.evaluate(([i, s]) => document.activeElement?.closest('[data-criterion]') === document.querySelectorAll(`${s} [data-criterion]`)[i as number], [index, scope] as const);

/**
 * Annotates `passage` of the answer `text` with the keyboard alone, from the answer having the focus
 * (« annotation-source »): Ctrl + Début, → up to the passage, Maj + → over it, Tab to the comment, typed, Tab to
 * « Annoter la sélection », Entrée; waits for the annotation in the list of `tool` (the page, or a dialog).
 */
export async function annotatePassage(page: Page, tool: Page | Locator, text: string, passage: string, comment: string): Promise<void> {
  expect(await focusStop(page)).toBe('annotation-source');
  expect(text.indexOf(passage)).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Control+Home');
  for (let k = 0; k < text.indexOf(passage); k += 1) await page.keyboard.press('ArrowRight');
  for (let k = 0; k < passage.length; k += 1) await page.keyboard.press('Shift+ArrowRight');
  await tool.getByTestId('annotation-selection').filter({ hasText: `Passage sélectionné : « ${passage} »` }).waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.type(comment);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tool.getByTestId('annotation-list').getByText(`« ${passage} » : ${comment}`).waitFor();
}

/**
 * Replaces the whole text of a code editor (`editor`: its editable area) with `code`, inserted as one input (no
 * auto-closed brackets or auto-indent on the way).
 */
export async function replaceCode(page: Page, editor: Locator, code: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}
