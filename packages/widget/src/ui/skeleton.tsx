/**
 * The loading skeleton (SPEC §2 homepage "a skeleton while loading"): grey bars where the
 * method list will be, marked busy with an accessible name so a screen reader says what is
 * happening instead of reading nothing.
 */
export function Skeleton({ label, rows = 4 }: { readonly label: string; readonly rows?: number }) {
  return (
    <div className="cd-skeleton" role="status" aria-busy="true" aria-label={label}>
      <div className="cd-skeleton__bar cd-skeleton__bar--title" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="cd-skeleton__bar" />
      ))}
    </div>
  );
}
