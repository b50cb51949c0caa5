// Layout of the staff dashboard group (admins and teachers).
import { paths } from '@/config/paths';
import { SignedInShell } from './signed-in-shell';
import { staffMenu } from './menus';

export function Component() {
  return <SignedInShell group="staff" menu={staffMenu} homeTo={paths.home.path} profileTo={paths.profile.path} />;
}

/** A screen of this group failed to load or render: the layout stays, the error shows in its main area. */
export function ErrorBoundary() {
  return <SignedInShell group="staff" menu={staffMenu} homeTo={paths.home.path} profileTo={paths.profile.path} failed />;
}
