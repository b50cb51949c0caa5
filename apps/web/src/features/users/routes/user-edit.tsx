// Route module of user edit (see user-edit-screens.tsx).
import { EditScreen, USERS } from './user-edit-screens';

export function Component() {
  return <EditScreen kind={USERS} />;
}
