/**
 * Routable forms (SPEC §7 `POST …/route`: "response has parameters, mapped as form fields"):
 * a field's `items` may hold route branches, each adding fields after the field when its value
 * is chosen (e.g. the IBAN field of the chosen bank).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { WithdrawalFieldDefinition } from '@cashdesk/contract';

/** A field definition as the wire carries it. */
export type WireField = z.infer<typeof WithdrawalFieldDefinition>;

/**
 * One branch of a routable field (designed; SPEC §3 lists `items` on a field definition without
 * a shape): when the field's submitted value equals `when`, the route answers `fields` after it.
 */
const RouteBranch = z.object({
  when: z.string(),
  fields: z.array(WithdrawalFieldDefinition),
});

/** The route branches of a field (none when its `items` are not branches). */
export function routeBranches(field: WireField): z.infer<typeof RouteBranch>[] {
  const branches = z.safeParse(z.array(RouteBranch), field.items ?? []);
  return branches.success ? branches.data : [];
}

/**
 * The fields a route call answers:
 * - every field of the form, with the option matching the submitted value marked is_selected;
 * - for a routable method (is_routable), after each field whose `items` hold route branches,
 *   the fields of the branch its submitted value chooses; `items` themselves are not answered
 *   once resolved.
 * A method that is not routable answers its own fields: there is nothing to route.
 */
export function routeFields(
  fields: readonly WireField[],
  values: Readonly<Record<string, string | boolean>>,
  routable: boolean,
): WireField[] {
  const out: WireField[] = [];
  for (const field of fields) {
    const submitted = values[field.name];
    const value = typeof submitted === 'string' ? submitted : undefined;
    const options =
      field.options === undefined || field.options === null || value === undefined
        ? field.options
        : field.options.map((option) => ({ ...option, is_selected: option.value === value }));
    const branches = routeBranches(field);
    if (!routable || branches.length === 0) {
      out.push({ ...field, ...(options === undefined ? {} : { options }) });
      continue;
    }
    // The branches are resolved here, so they are not answered again.
    out.push({ ...field, items: undefined, ...(options === undefined ? {} : { options }) });
    const chosen = branches.find((branch) => branch.when === value);
    if (chosen !== undefined) out.push(...routeFields(chosen.fields, values, routable));
  }
  return out;
}

/** Every field name a form can have: its fields and, at any depth, its route branches' fields. */
export function allFieldNames(fields: readonly WireField[]): Set<string> {
  const names = new Set<string>();
  const visit = (list: readonly WireField[]) => {
    for (const field of list) {
      names.add(field.name);
      for (const branch of routeBranches(field)) visit(branch.fields);
    }
  };
  visit(fields);
  return names;
}
