import type { UserInfo } from '@shop/shared';
import { paths } from '@/config/paths';

/**
 * Where a signed-in user goes from /login (SPEC §4): kids to /kids, others to '/' + redirect.
 * Leading slashes are dropped so a crafted `?redirect=//elsewhere.example` stays on this site.
 */
export function afterLoginPath(userInfo: Pick<UserInfo, 'isKid'>, redirect: string | null): string {
  if (userInfo.isKid) return paths.kids;
  return `/${(redirect ?? '').replace(/^[/\\]+/, '')}`;
}
