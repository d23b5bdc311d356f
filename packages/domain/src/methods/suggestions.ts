/**
 * Quick suggestions and the method carousel (SPEC §2, §4, §9).
 *
 * @packageDocumentation
 */
import { BRAND_WITHOUT_CAROUSEL, CAROUSEL_LIMIT, QUICK_SUGGESTION_LIMIT } from '../constants';
import { isMethodDisabled } from './enabled';
import type { Method } from './types';

/** SPEC §4: the method fields the quick-suggestion and carousel rules read. */
export type SuggestibleMethod = Pick<
  Method,
  'id' | 'enabled' | 'restrictedUntil' | 'lastUsed' | 'showInCarousel'
>;

function sanitiseLimit(limit: number): number {
  return Number.isInteger(limit) && limit > 0 ? limit : 0;
}

/** SPEC §4 quick suggestions: options. */
export interface QuickSuggestionOptions {
  /** The stored last used method id (phLastUsedMethodId), excluded like a `lastUsed` method. */
  readonly lastUsedMethodId?: number | null | undefined;
  /** Defaults to {@link QUICK_SUGGESTION_LIMIT} (2). */
  readonly limit?: number | undefined;
}

/**
 * SPEC §2, §4: the quick-suggestion list: the last used method removed, then at most 2 enabled,
 * unrestricted methods, in the order given (pass them in display order).
 */
export function quickSuggestions<M extends SuggestibleMethod>(
  methods: readonly M[],
  options: QuickSuggestionOptions = {},
): readonly M[] {
  const limit = sanitiseLimit(options.limit ?? QUICK_SUGGESTION_LIMIT);
  const lastUsedId = options.lastUsedMethodId ?? null;
  return methods
    .filter((method) => !method.lastUsed && method.id !== lastUsedId && !isMethodDisabled(method))
    .slice(0, limit);
}

/** SPEC §4 carousel: options. */
export interface CarouselOptions {
  /**
   * The method the player came back to the cashier from (after a redirect to a provider or a
   * result page): the selected pay group the session remembers. It goes first.
   */
  readonly redirectMethodId?: number | null | undefined;
  /** Defaults to {@link CAROUSEL_LIMIT} (5). */
  readonly limit?: number | undefined;
}

/**
 * SPEC §4: the carousel: at most 5 enabled methods flagged `show_in_carousel`, redirect method
 * first.
 *
 * The spec's "redirect method" is read as the method the player returned from, passed in as
 * `redirectMethodId` (the pay session carries no redirect flag on methods). It is only moved to
 * the front, never added: a method that is disabled or not flagged for the carousel stays out.
 * Restricted methods stay out too, as they sit in the Disabled group (SPEC §4 grouping).
 */
export function carouselMethods<M extends SuggestibleMethod>(
  methods: readonly M[],
  options: CarouselOptions = {},
): readonly M[] {
  const limit = sanitiseLimit(options.limit ?? CAROUSEL_LIMIT);
  const eligible = methods.filter((method) => method.showInCarousel && !isMethodDisabled(method));
  const redirectIndex = eligible.findIndex((method) => method.id === options.redirectMethodId);
  const redirect = eligible[redirectIndex];
  const ordered =
    redirect === undefined
      ? eligible
      : [redirect, ...eligible.slice(0, redirectIndex), ...eligible.slice(redirectIndex + 1)];
  return ordered.slice(0, limit);
}

/** SPEC §2 carousel visibility: inputs (carousel state of SPEC §3 in plain words). */
export interface CarouselVisibilityInput {
  /** The initial load is done (carousel state `isInitialLoad` has cleared). */
  readonly initialLoadDone: boolean;
  /** The user switched the carousel view off (carousel state `isCarouselViewChanged`). */
  readonly carouselSwitchedOff: boolean;
  /** How many methods the carousel would show. */
  readonly methodCount: number;
  /** The session's brand (SPEC §2 page parameters, partner codes mapped). */
  readonly brand: string;
}

/**
 * SPEC §2: the carousel is shown only when the initial load is done, the user has not switched
 * the carousel view off, and more than one method exists. SPEC §9: brand32 is excluded from
 * this display option, whatever its methods.
 */
export function isCarouselVisible(input: CarouselVisibilityInput): boolean {
  if (input.brand.toLowerCase() === BRAND_WITHOUT_CAROUSEL) return false;
  return input.initialLoadDone && !input.carouselSwitchedOff && input.methodCount > 1;
}
