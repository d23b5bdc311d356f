import { useLocation } from 'react-router';

/** Shows the current path, query and state for assertions (read back by data-testid="location"). */
export function LocationProbe() {
  const location = useLocation();
  const state: unknown = location.state;
  return (
    <output data-testid="location" data-state={JSON.stringify(state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}
