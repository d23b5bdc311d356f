/**
 * Reading the environment: the text-to-value parsers every section's variables are built from,
 * the parse of the whole environment, and the one error that names every bad variable.
 *
 * Each section of the configuration (database.ts, connectors.ts, …) declares its variables as a
 * zod shape built from these parsers and reads its part of {@link ServerConfig} from the parsed
 * values; load.ts joins the shapes into one schema. A problem that only the values together show
 * (a lease shorter than a time-out, a setting production refuses) is pushed onto the list of
 * problems, so that one start-up names all of them.
 *
 * @packageDocumentation
 */
import * as z from 'zod';

/** The process environment, or the variables a test or a command passes instead. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** What a section reads: the parsed values of its variables (a shape of zod parsers). */
export type ValuesOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** Thrown by loadConfig with every problem of the environment in its message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** An optional variable: unset, empty and blank all read as `undefined`; a value is trimmed. */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A whole number from `min` to `max`; the message names the variable. */
export const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** An http(s) address, trailing slashes removed. */
export const urlText = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''));

/** An optional `true` or `false`. */
export const flagText = optionalText.pipe(z.enum(['true', 'false']).optional());

/** An optional secret of at least `min` characters; the message names the variable. */
export const secretText = (name: string, min: number) =>
  optionalText.pipe(
    z
      .string()
      .min(min, `${name} must be at least ${String(min)} characters`)
      .optional(),
  );

/**
 * Parses the environment with the joined schema.
 *
 * @throws {ConfigError} naming each variable that does not parse, e.g. `PORT: PORT must be a whole number`.
 */
export function parseEnvironment<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  env: Environment,
): ValuesOf<Shape> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Ends the reading when the sections found problems in the values together.
 *
 * @throws {ConfigError} with one line per problem.
 */
export function throwIfProblems(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
}
