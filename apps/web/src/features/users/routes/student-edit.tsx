// Route module of student edit (see user-edit-screens.tsx).
import { EditScreen, STUDENTS } from './user-edit-screens';

export function Component() {
  return <EditScreen kind={STUDENTS} />;
}
