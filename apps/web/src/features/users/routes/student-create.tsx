// Route module of student create (see user-edit-screens.tsx).
import { CreateScreen, STUDENTS } from './user-edit-screens';

export function Component() {
  return <CreateScreen kind={STUDENTS} />;
}
