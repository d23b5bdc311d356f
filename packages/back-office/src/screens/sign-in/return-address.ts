/**
 * The address to go back to after signing in, from the sign-in page's `return` parameter: only a
 * path of the back office itself (one leading slash), never another site ("//evil", "https:…").
 */
export function safeReturn(value: string | null): string {
  if (
    value === null ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  if (value.startsWith('/sign-in') || value.startsWith('/set-password')) return '/';
  return value;
}
