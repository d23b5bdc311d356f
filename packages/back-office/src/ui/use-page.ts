/**
 * Loading what a screen shows, again whenever its inputs change (the URL's filters, a reload after
 * an action): the latest answer (kept on screen while the next one loads), the error, and whether
 * it is loading.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  /** Loads again (after an action changed what is shown). */
  readonly reload: () => void;
  /** Shows `data` at once (an action answered the new state). */
  readonly set: (data: T) => void;
}

interface Result<T> {
  /** The inputs the result is of. */
  readonly key: string;
  readonly data: T | undefined;
  readonly error: unknown;
}

export function useLoad<T>(load: () => Promise<T>, inputs: string): Loaded<T> {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Result<T> | undefined>(undefined);
  const key = `${inputs}#${String(round)}`;
  useEffect(() => {
    // An object, not a let: the flag changes in the clean-up, out of sight of type narrowing.
    const mounted = { live: true };
    load().then(
      (data) => {
        if (mounted.live) setResult({ key, data, error: undefined });
      },
      (error: unknown) => {
        if (mounted.live) setResult((last) => ({ key, data: last?.data, error }));
      },
    );
    return () => {
      mounted.live = false;
    };
    // `load` is a new function each render; `key` says when what it loads changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const reload = useCallback(() => {
    setRound((value) => value + 1);
  }, []);
  const set = useCallback(
    (data: T) => {
      setResult({ key, data, error: undefined });
    },
    [key],
  );
  const current = result?.key === key;
  return {
    data: result?.data,
    error: current ? result.error : undefined,
    loading: !current,
    reload,
    set,
  };
}
