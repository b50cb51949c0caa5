// Layout of the public group (landing, login, static pages): no session needed.
import { Outlet } from 'react-router';

export function Component() {
  return <Outlet />;
}
