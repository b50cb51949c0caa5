// Route module of user create (see user-edit-screens.tsx).
import { CreateScreen, USERS } from './user-edit-screens';

export function Component() {
  return <CreateScreen kind={USERS} />;
}
