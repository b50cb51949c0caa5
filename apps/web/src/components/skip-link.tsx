// A screen may add a second skip link beside the shell's « Aller au contenu », as the second stop of the Tab order
// (the exam page: straight to its questions' navigator). The shell draws it; the screen says where it goes.
import { createContext, useContext, useEffect } from 'react';

export interface SkipLink {
  href: string;
  label: string;
}

export const SkipLinkContext = createContext<(link: SkipLink | null) => void>(() => undefined);

/** Shows `link` in the shell while the calling screen is shown. */
export function useSkipLink(href: string, label: string): void {
  const set = useContext(SkipLinkContext);
  useEffect(() => {
    set({ href, label });
    return () => set(null);
  }, [set, href, label]);
}
