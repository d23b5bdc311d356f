/**
 * SPEC §7 rtlAssets.json: the icons that have a right-to-left variant. The list is cached in
 * browser storage so a returning player's first screen is mirrored right without waiting for it.
 *
 * @packageDocumentation
 */
import { ENDPOINTS, RtlAssetsResponse } from '@cashdesk/contract';
import { textDirection } from '@cashdesk/domain';
import { cashierApi, endpointQuery } from '../api/cashier-api';
import type { ResponseOf } from '../api/http';
import { jsonKey, readKey, writeKey } from '../storage/keys';
import { useAppSelector } from '../store/hooks';

/** Where the last list is kept (SPEC §7: "cached in browser storage"). */
export const RTL_ASSETS_STORAGE_KEY = 'phRtlAssets';

const RTL_ASSETS = jsonKey(RTL_ASSETS_STORAGE_KEY, (value) => {
  const parsed = RtlAssetsResponse.safeParse(value);
  return parsed.success ? parsed.data : null;
});

/** The cached list, or null when none or unreadable. */
export function storedRtlImages(): readonly string[] | null {
  return readKey(RTL_ASSETS)?.rtlImages ?? null;
}

const rtlAssetsApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    rtlAssets: build.query<ResponseOf<typeof ENDPOINTS.rtlAssets>, undefined>({
      queryFn: async (_arg, { getState, signal }) => {
        const result = await endpointQuery(ENDPOINTS.rtlAssets, getState, { signal });
        if ('data' in result) writeKey(RTL_ASSETS, result.data);
        return result;
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

/**
 * The icon names with a right-to-left variant: fetched only in right-to-left layouts, the
 * stored list meanwhile (and when the call fails).
 */
export function useRtlImages(): readonly string[] {
  const rtl = useAppSelector((state) => textDirection(state.session.lang) === 'rtl');
  const { data } = rtlAssetsApi.useRtlAssetsQuery(undefined, { skip: !rtl });
  if (!rtl) return [];
  return data?.rtlImages ?? storedRtlImages() ?? [];
}
