// Layout of the student group.
import { paths } from '@/config/paths';
import { SignedInShell } from './signed-in-shell';
import { studentMenu } from './menus';

export function Component() {
  return <SignedInShell group="student" menu={studentMenu} homeTo={paths.studentCourses.path} profileTo={paths.studentProfile.path} />;
}

/** A screen of this group failed to load or render: the layout stays, the error shows in its main area. */
export function ErrorBoundary() {
  return <SignedInShell group="student" menu={studentMenu} homeTo={paths.studentCourses.path} profileTo={paths.studentProfile.path} failed />;
}
