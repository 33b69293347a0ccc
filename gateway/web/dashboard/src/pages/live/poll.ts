// Reading an event again while its status can still move: the page follows
// preparing → live → processing → ready without a reload. Each read is
// scheduled after the last one answered (no pile-up on a slow server), and
// the polling stops for good when the event settles or the page goes.
import { useEffect, useState } from 'preact/hooks';
import { APIError, get } from '../../api';
import { messageOf } from '../../resource';
import { settled, type LiveEvent } from './types';

/** pollInterval is how often an unsettled event is read again: a few times per 2 s segment is not needed. */
export const pollInterval = 3000;

/** usePolledEvent reads the event now and every pollInterval until it settles. */
export function usePolledEvent(id: string) {
  const [event, setEvent] = useState<LiveEvent | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await get<LiveEvent>(`/v2/videos/${id}`);
        if (stopped) return;
        setEvent(next);
        setProblem('');
        if (!settled(next.status)) timer = window.setTimeout(() => void load(), pollInterval);
      } catch (error) {
        if (stopped) return;
        if (error instanceof APIError && error.status === 404) {
          setProblem('This live event does not exist, or was deleted.');
          return;
        }
        setProblem(messageOf(error));
        timer = window.setTimeout(() => void load(), pollInterval); // a network blip: try again
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);
  return { event, problem };
}
