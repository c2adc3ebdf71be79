import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

/** Disclosure menu of the admin screens: a button with aria-expanded and a list of links. */
export function AdminMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    // Following a link closes the menu.
    setSeenLocation(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="admin-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header__link admin-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('common.nav.admin')}
        <ChevronDownIcon className="icon admin-menu__chevron" />
      </button>
      <ul id={listId} className="admin-menu__list" hidden={!open}>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminDashboard} end>
            {t('common.nav.adminDashboard')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminUsers}>
            {t('common.nav.adminUsers')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminCourses}>
            {t('common.nav.adminCourses')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminOrders}>
            {t('common.nav.adminOrders')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminAudit}>
            {t('common.nav.adminAudit')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminCertificates}>
            {t('common.nav.adminCertificates')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminCoupons}>
            {t('common.nav.adminCoupons')}
          </NavLink>
        </li>
        <li>
          <NavLink className="admin-menu__link" to={paths.adminMessages}>
            {t('common.nav.adminMessages')}
          </NavLink>
        </li>
      </ul>
    </div>
  );
}
