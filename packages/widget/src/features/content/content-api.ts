/**
 * SPEC §7 "GET {url} on the site root": the content page call, /content/{slug} (contract).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';

export const contentApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    contentPage: build.query<ResponseOf<typeof ENDPOINTS.contentPage>, string>({
      queryFn: (slug, { getState, signal }) =>
        endpointQuery(ENDPOINTS.contentPage, getState, { pathParams: { slug }, signal }),
    }),
  }),
});

export const { useContentPageQuery } = contentApi;
