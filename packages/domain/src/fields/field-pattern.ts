/**
 * Server-supplied field patterns (SPEC §3 `regexp`, SPEC §5 generic fields).
 *
 * @packageDocumentation
 */

/** SPEC §5: what an unusable (syntactically invalid) server pattern does to a value. */
export type InvalidPatternPolicy = 'pass' | 'fail';

/**
 * SPEC §5: the default for an invalid pattern is `pass`. A broken pattern is a configuration
 * error of the method; failing closed would block every player from that method while the
 * server, which validates the submit again, is still there to reject bad data.
 */
export const DEFAULT_INVALID_PATTERN_POLICY: InvalidPatternPolicy = 'pass';

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\/-]/g;

/** SPEC §5: escapes every regular-expression metacharacter so the text matches itself. */
export function escapeRegExp(text: string): string {
  return text.replace(REGEX_SPECIALS, '\\$&');
}

/**
 * SPEC §5: compiles a server pattern. A pattern starting with `+` (a phone prefix such as
 * `+380`) is taken literally; any other is a regular expression, used as given (unanchored,
 * no flags: the server writes its own `^` and `$`). An invalid expression gives `null` instead
 * of throwing.
 */
export function compileFieldPattern(pattern: string): RegExp | null {
  const source = pattern.startsWith('+') ? escapeRegExp(pattern) : pattern;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * SPEC §5: whether a value matches a server pattern. An invalid pattern passes or fails by
 * `onInvalid` (default {@link DEFAULT_INVALID_PATTERN_POLICY}).
 */
export function matchesFieldPattern(
  pattern: string,
  value: string,
  onInvalid: InvalidPatternPolicy = DEFAULT_INVALID_PATTERN_POLICY,
): boolean {
  const compiled = compileFieldPattern(pattern);
  return compiled === null ? onInvalid === 'pass' : compiled.test(value);
}
