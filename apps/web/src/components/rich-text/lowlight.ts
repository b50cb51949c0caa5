// One lowlight instance with the languages courses use (Python, R), shared by the editor and the reader.
import { createLowlight } from 'lowlight';
import python from 'highlight.js/lib/languages/python';
import r from 'highlight.js/lib/languages/r';
import plaintext from 'highlight.js/lib/languages/plaintext';

export const lowlight = createLowlight({ python, r, plaintext });

export const CODE_LANGUAGES = ['python', 'r', 'plaintext'] as const;
