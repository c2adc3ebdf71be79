import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { NotFound } from './not-found';

/** The UUID written in a short link's 22 base64url characters (its 16 bytes), or null. */
export function uuidOfShortCode(code: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(code)) return null;
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/') + '==');
  const hex = Array.from(binary, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `/o/{code}` and `/c/{code}` (issue 53, decision 0422): the short links of an SMS too short
 * for the full address, sent on to the order's or the course's page.
 */
export function ShortLink({ to }: { to: 'order' | 'course' }) {
  const { code = '' } = useParams();
  const id = uuidOfShortCode(code);
  if (!id) return <NotFound />;
  return <Navigate replace to={to === 'order' ? paths.order(id) : paths.course(id)} />;
}
