import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { logout, useAppDispatch, useAppSelector } from '@/stores/hooks';
import {
  CartIcon,
  CloseIcon,
  MenuIcon,
  SearchIcon,
  SignOutIcon,
  UserIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

import { AdminMenu } from './admin-menu';
import { LanguageSwitch } from './language-switch';
import { SearchForm } from './search-form';
import { useScrolled } from './use-scrolled';
import './header.css';

/** The navigation bar takes its active style from 60 px of scroll. */
export const NAV_SCROLL_THRESHOLD = 60;

export function Header() {
  const { t } = useTranslation();
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const cartLines = useAppSelector((s) => s.cart.cartItems.length);
  const dispatch = useAppDispatch();
  const scrolled = useScrolled(NAV_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const navId = useId();
  const searchId = useId();
  const location = useLocation();
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    // A new page closes the phone menu and the search panel.
    setSeenPath(location.pathname);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (!searchOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setSearchOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchOpen]);

  const isKid = !!userInfo?.isKid;
  const isAdmin = !!userInfo?.isAdmin;
  // Kids are kept in the kids area, their searches too (docs/product.md#who-does-what).
  const searchPath = isKid ? paths.kidsSearch : paths.search;
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `header__link${isActive ? ' header__link--current' : ''}`;

  return (
    <header
      className={`header${scrolled ? ' header--scrolled' : ''}${isKid ? ' header--kids' : ''}${isAdmin ? ' header--admin' : ''}`}
    >
      <div className="header__bar container">
        <Link to={isKid ? paths.kids : paths.home} className="header__brand">
          <span className="header__logo" aria-hidden="true">
            CS
          </span>
          <span className="header__brand-text">
            <span className="header__brand-name">{t('common.brand')}</span>
            <span className="header__brand-tagline">{t('common.brandTagline')}</span>
          </span>
        </Link>

        <SearchForm
          className="header-search"
          placeholder={t('common.search.placeholder')}
          toPath={searchPath}
        />

        <LanguageSwitch />

        <div className="header__tools">
          <button
            type="button"
            className="icon-button"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            aria-label={searchOpen ? t('common.search.close') : t('common.search.open')}
            onClick={() => setSearchOpen((open) => !open)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <Link
            className="header__cart"
            to={paths.cart()}
            aria-label={
              isAdmin ? t('common.nav.cart') : t('common.nav.cartWithCount', { count: cartLines })
            }
          >
            <CartIcon />
            {!isAdmin && (
              <span className="header__badge" data-testid="cart-badge" aria-hidden="true">
                {cartLines}
              </span>
            )}
          </Link>
          <button
            type="button"
            className="icon-button header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>

        <nav
          id={navId}
          className={`header__nav${menuOpen ? ' header__nav--open' : ''}`}
          aria-label={t('common.nav.label')}
        >
          <ul className="header__links">
            <li>
              <NavLink to={isKid ? paths.kids : paths.home} end className={navClass}>
                {t('common.nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={isKid ? paths.kidsCourses : paths.courses} className={navClass}>
                {t('common.nav.courses')}
              </NavLink>
            </li>
            <li>
              {isKid ? (
                <NavLink to={paths.quizz} className={navClass}>
                  {t('common.nav.quizz')}
                </NavLink>
              ) : (
                <NavLink to={paths.contact} className={navClass}>
                  {t('common.nav.contact')}
                </NavLink>
              )}
            </li>
            <li>
              <NavLink to={paths.about} className={navClass}>
                {t('common.nav.about')}
              </NavLink>
            </li>
            {isAdmin && (
              <li>
                <AdminMenu />
              </li>
            )}
            <li className="header__account">
              {userInfo ? (
                <>
                  <NavLink
                    to={paths.profile}
                    className={navClass}
                    title={isAdmin ? t('common.nav.profile') : undefined}
                  >
                    <UserIcon />
                    <span className="header__link-text">{t('common.nav.profile')}</span>
                  </NavLink>
                  <button
                    type="button"
                    className="icon-button header__signout"
                    aria-label={t('common.nav.signOut')}
                    title={t('common.nav.signOut')}
                    onClick={() => dispatch(logout())}
                  >
                    <SignOutIcon />
                  </button>
                </>
              ) : (
                <NavLink
                  to={paths.login()}
                  className={({ isActive }) => `${navClass({ isActive })} header__link--cta`}
                >
                  <UserIcon />
                  {t('common.nav.signIn')}
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>

      <div id={searchId} className="search-panel" hidden={!searchOpen}>
        <div className="container">
          <p className="search-panel__title">{t('common.search.overlayTitle')}</p>
          {searchOpen && (
            <SearchForm
              className="search-panel-form"
              placeholder={t('common.search.secondPlaceholder')}
              toPath={searchPath}
              autoFocus
              onSearched={() => setSearchOpen(false)}
            />
          )}
        </div>
      </div>
    </header>
  );
}
