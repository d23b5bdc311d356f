import type { RuleError } from '@cashdesk/domain';
import type { FieldError } from './types';

/**
 * SPEC §5, §8: the domain's RuleError as the error a field shows. Optional parts are copied only
 * when present (exactOptionalPropertyTypes), and the server's own `message` is kept (shown as-is).
 */
export function toFieldError(error: RuleError): FieldError {
  return {
    key: error.key,
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(error.message === undefined ? {} : { message: error.message }),
  };
}
