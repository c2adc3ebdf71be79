import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type ShopTag = { type: 'Course' | 'User' | 'Order' | 'Certificate' | 'Coupon'; id: string };

/**
 * `invalidatesTags` for a write whose refusal changed nothing on the server: no tag is
 * invalidated then, so no refetch replaces what the person is typing (docs/decisions/0028).
 */
export function onSuccess<Result, Arg>(tags: (arg: Arg, result: Result) => ShopTag[]) {
  return (
    result: Result | undefined,
    error: FetchBaseQueryError | undefined,
    arg: Arg,
  ): ShopTag[] => (error || result === undefined ? [] : tags(arg, result));
}
