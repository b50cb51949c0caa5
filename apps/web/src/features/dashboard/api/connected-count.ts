// Live connected-users count (admin only): the SSE stream read with fetch, so the bearer token is sent.
import { useEffect, useState } from 'react';
import type { ConnectedCount } from '@exam/shared';
import { api, subscribeEvents } from '@/lib/api-client';

const STREAM_PATH = '/api/admin/users/connected-count/stream';
const RETRY_MS = 5000;

export function useConnectedCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;

    const connect = () => {
      stop = subscribeEvents(
        STREAM_PATH,
        (event, data) => {
          if (event !== 'count') return;
          try {
            setCount((JSON.parse(data) as ConnectedCount).count);
          } catch {
            // A malformed event is skipped; the next one carries the count again.
          }
        },
        () => {
          // Stream dropped (server restart, proxy): read the count once, then reconnect.
          if (cancelled) return;
          api
            .get<ConnectedCount>('/admin/users/connected-count', undefined, { silent: true })
            .then((r) => !cancelled && setCount(r.count))
            .catch(() => undefined);
          retry = setTimeout(connect, RETRY_MS);
        },
      );
    };
    connect();
    return () => {
      cancelled = true;
      clearTimeout(retry);
      stop?.();
    };
  }, [enabled]);

  return count;
}
