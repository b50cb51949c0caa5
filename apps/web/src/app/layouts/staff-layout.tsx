// Layout of the staff dashboard group (admins and teachers).
import { paths } from '@/config/paths';
import { SignedInShell } from './signed-in-shell';
import { staffMenu } from './menus';

export function Component() {
  return <SignedInShell group="staff" menu={staffMenu} homeTo={paths.home.path} profileTo={paths.profile.path} />;
}
