import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  YouTubeIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Newsletter } from './newsletter';
import './footer.css';

const SOCIAL = (t: TFunction) => [
  {
    name: t('common.footer.social.facebook'),
    href: 'https://www.facebook.com/',
    Icon: FacebookIcon,
  },
  {
    name: t('common.footer.social.instagram'),
    href: 'https://www.instagram.com/',
    Icon: InstagramIcon,
  },
  { name: t('common.footer.social.youtube'), href: 'https://www.youtube.com/', Icon: YouTubeIcon },
  {
    name: t('common.footer.social.linkedin'),
    href: 'https://www.linkedin.com/',
    Icon: LinkedInIcon,
  },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__grid container">
        <section className="footer__about" aria-labelledby="footer-brand">
          <p id="footer-brand" className="footer__brand">
            {t('common.brand')}
          </p>
          <p className="footer__text">{t('common.footer.about')}</p>
          <p className="footer__heading" id="footer-follow">
            {t('common.footer.follow')}
          </p>
          <ul className="footer__social" aria-labelledby="footer-follow">
            {SOCIAL(t).map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  className="footer__social-link"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={name}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav className="footer__column" aria-labelledby="footer-categories">
          <h2 className="footer__heading" id="footer-categories">
            {t('common.footer.categories')}
          </h2>
          <ul className="footer__list">
            <li>
              <Link to={paths.coursesByCategory('Programming')}>
                {t('common.footer.programming')}
              </Link>
            </li>
            <li>
              <Link to={paths.coursesByCategory('Francais')}>{t('common.footer.francais')}</Link>
            </li>
            <li>
              <Link to={paths.coursesByCategory('Art')}>{t('common.footer.art')}</Link>
            </li>
            <li>
              <Link to={paths.coursesByFilter('other')}>{t('common.footer.other')}</Link>
            </li>
          </ul>
        </nav>

        <section className="footer__column" aria-labelledby="footer-contact">
          <h2 className="footer__heading" id="footer-contact">
            {t('common.footer.contact')}
          </h2>
          <ul className="footer__list footer__list--contact">
            <li>
              <MapPinIcon />
              <span>{t('common.footer.address')}</span>
            </li>
            <li>
              <PhoneIcon />
              <a href={`tel:${t('common.footer.phone').replace(/\s/g, '')}`} dir="ltr">
                {t('common.footer.phone')}
              </a>
            </li>
            <li>
              <MailIcon />
              <a href={`mailto:${t('common.footer.email')}`} dir="ltr">{t('common.footer.email')}</a>
            </li>
          </ul>
        </section>

        <section className="footer__column" aria-labelledby="footer-newsletter">
          <h2 className="footer__heading" id="footer-newsletter">
            {t('common.footer.newsletter')}
          </h2>
          <p className="footer__text">{t('common.footer.newsletterHint')}</p>
          <Newsletter />
        </section>
      </div>
      <div className="footer__bottom">
        <p className="container">{t('common.footer.copyright')}</p>
      </div>
    </footer>
  );
}
