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

/**
 * SPEC §5 ("A pattern starting with + is escaped literally, otherwise used as a regex if
 * valid"): compiles a server pattern, the one compiler of every field rule (generic fields,
 * phone). A leading `+` is the literal plus of an international number, escaped instead of
 * read as a quantifier with nothing to repeat; the rest is regular-expression source, so
 * `+380\d{9}` tests for `+380` and nine digits. Any other pattern is used as given (unanchored,
 * no flags: the server writes its own `^` and `$`). An expression that does not compile gives
 * `null` instead of throwing.
 */
export function compileFieldPattern(pattern: string): RegExp | null {
  const source = pattern.startsWith('+') ? `\\+${pattern.slice(1)}` : pattern;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * SPEC §5: whether a value matches a server pattern ({@link compileFieldPattern}). A blank
 * pattern (empty or only white space) is no pattern and every value matches it. An invalid
 * pattern passes or fails by `onInvalid` (default {@link DEFAULT_INVALID_PATTERN_POLICY}).
 */
export function matchesFieldPattern(
  pattern: string,
  value: string,
  onInvalid: InvalidPatternPolicy = DEFAULT_INVALID_PATTERN_POLICY,
): boolean {
  if (pattern.trim() === '') return true;
  const compiled = compileFieldPattern(pattern);
  return compiled === null ? onInvalid === 'pass' : compiled.test(value);
}
