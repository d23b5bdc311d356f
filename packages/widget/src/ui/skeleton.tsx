/**
 * The loading skeleton (SPEC §2 homepage "a skeleton while loading"): grey bars where the
 * method list will be, marked busy with an accessible name so a screen reader says what is
 * happening instead of reading nothing. The wallet icon before the title bar is the first thing
 * of the page that is content rather than decoration (index.html paints it before any script):
 * it says "payments" in every language, where a text would still be in the wrong one.
 */
export function Skeleton({ label, rows = 4 }: { readonly label: string; readonly rows?: number }) {
  return (
    <div className="cd-skeleton" role="status" aria-busy="true" aria-label={label}>
      <div className="cd-skeleton__head">
        <SkeletonIcon />
        <div className="cd-skeleton__bar cd-skeleton__bar--title" />
      </div>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="cd-skeleton__bar" />
      ))}
    </div>
  );
}

/** The wallet of index.html's skeleton, drawn the same way (keep the two equal). */
function SkeletonIcon() {
  return (
    <svg
      className="cd-skeleton__icon"
      width="32"
      height="32"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 7.5A2.5 2.5 0 0 1 6.5 5H17v3M4 7.5V17a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 1 4 7.5ZM16.5 13.5h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
