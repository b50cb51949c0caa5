// Between a list and its create/edit screens: the route id, and "back" to the same list page (search, filters, page).
import { useLocation, useNavigate } from 'react-router';

/** Route parameter as a positive integer (NaN otherwise, which the API answers 404/422 for). */
export const idFrom = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : NaN);

/** State given to links from a list to its create/edit screens, so that "back" keeps the search, filters and page. */
export function useListLinkState(): { list: string } {
  const location = useLocation();
  return { list: location.pathname + location.search };
}

/** Back to the list the user came from (with its search, filters and page), else to the list's path. */
export function useBackToList(listPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { list?: string } | null)?.list;
  return () => navigate(from ?? listPath);
}
