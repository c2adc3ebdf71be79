import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { currentLanguage } from '@/lib/i18n';
import { loggedOut, sessionMayBeStale } from './session';

interface TokenState {
  user: { userInfo: { token: string } | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).user.userInfo?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The API answers e-mails and messages in this language (issue 18).
    headers.set('Accept-Language', currentLanguage());
    return headers;
  },
});

/**
 * A 401 on a request that carried a token means the session is over: sign out, except a
 * wrong current password on the profile (`WRONG_PASSWORD`, issue 31): the session is fine,
 * only the password typed is not. A 403 means the account's roles may have changed (an
 * admin edited it): read the profile again.
 */
const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const hadToken = !!(api.getState() as TokenState).user.userInfo;
  const code = (result.error?.data as { code?: unknown } | undefined)?.code;
  if (result.error?.status === 401 && hadToken && code !== 'WRONG_PASSWORD')
    api.dispatch(loggedOut());
  if (result.error?.status === 403 && hadToken) api.dispatch(sessionMayBeStale());
  return result;
};

/**
 * The one API slice (docs/api.md). Endpoints live in the files beside this one. Writes the
 * server refused changed nothing, so they invalidate no tags (`onSuccess` of tags.ts): a
 * refetch would only replace what the person is typing. Paged lists read `X-Total-Count`
 * with `pageOf` (page.ts). Components read a mutation's answer with `unwrap()`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Course', 'User', 'Order', 'Certificate', 'Coupon'],
  endpoints: () => ({}),
});
