/**
 * The live regions that exist from the first render (issue 4 accessibility): a screen reader
 * only announces changes to a region it already knows, so the regions are rendered empty by the
 * shell and filled later.
 */
export function LiveRegions({
  polite,
  assertive,
}: {
  readonly polite: string;
  readonly assertive: string;
}) {
  return (
    <>
      <div
        className="cd-visually-hidden"
        role="status"
        aria-live="polite"
        data-testid="live-polite"
      >
        {polite}
      </div>
      <div
        className="cd-visually-hidden"
        role="alert"
        aria-live="assertive"
        data-testid="live-assertive"
      >
        {assertive}
      </div>
    </>
  );
}
