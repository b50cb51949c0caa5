// An accommodation: larger text on the exam page for the students who have it (set by staff). The whole page scales
// (the root font size, as a browser's zoom of text would), and goes back to normal when the student leaves the page.
import { useEffect } from 'react';

/** Root font size while a student with larger text is on the exam page. */
export const LARGE_TEXT_ROOT_SIZE = '125%';

export function useLargeText(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = LARGE_TEXT_ROOT_SIZE;
    root.dataset.largeText = 'true';
    return () => {
      root.style.fontSize = before;
      delete root.dataset.largeText;
    };
  }, [on]);
}
