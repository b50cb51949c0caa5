// Unsaved work is never lost silently. A form declares that it holds unsaved changes with useUnsavedChanges(dirty);
// while any form of the page does, leaving the page through the app (breadcrumb, menu, "Retour à la liste", back
// button) asks first with the usual confirmation dialog, and a reload or closing the tab asks through the browser.
// One <UnsavedChangesGuard /> (mounted by the signed-in layout) holds the router's single blocker for every form.
import { useEffect, useId, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { confirmDialog } from './confirm-dialog';
import { componentTexts } from './texts';

const dirtyForms = new Set<string>();

/** True while at least one mounted form holds unsaved changes. */
export const hasUnsavedChanges = () => dirtyForms.size > 0;

/**
 * Declares whether this form holds unsaved changes. Pass `isDirty && !isSubmitting` from react-hook-form: the
 * navigation that follows a successful save is then never asked about.
 */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
}

/** The question asked before unsaved changes are dropped (Annuler keeps them, Confirmer drops them). */
export const confirmDiscard = () => confirmDialog({ message: componentTexts.unsaved.message });

// Pages the app sends a user to when the session ends or access closes: never held back.
const FORCED = /^\/(login|auth\/login|static\/)/;

const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
  hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname && !FORCED.test(nextLocation.pathname);

export function UnsavedChangesGuard() {
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDiscard().then((leave) => {
      asking.current = false;
      if (leave) {
        // The page's forms unmount on the way out; forget them now so that no later navigation is held back.
        dirtyForms.clear();
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show their own question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}
