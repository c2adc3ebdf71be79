import type { UserInfo } from '@shop/shared';
import { paths } from '@/config/paths';

/**
 * Where a signed-in user goes from /login: to '/' + redirect when one is asked for
 * (CHECKOUT's `redirect=shipping`, for kids too: a kid with a full cart must reach /shipping);
 * without one, kids go to /kids and others home.
 * Leading slashes are dropped so a crafted `?redirect=//elsewhere.example` stays on this site.
 */
export function afterLoginPath(userInfo: Pick<UserInfo, 'isKid'>, redirect: string | null): string {
  const target = (redirect ?? '').trim().replace(/^[/\\]+/, '');
  if (!target) return userInfo.isKid ? paths.kids : paths.home;
  return `/${target}`;
}
