import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, YouTubeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { text } from '@/lib/i18n';
import { Newsletter } from './newsletter-fields';
import './footer.css';

const t = text.common.footer;

const SOCIAL = [
  { name: t.social.facebook, href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: t.social.instagram, href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: t.social.youtube, href: 'https://www.youtube.com/', Icon: YouTubeIcon },
  { name: t.social.linkedin, href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__grid container">
        <section className="footer__about" aria-labelledby="footer-brand">
          <p id="footer-brand" className="footer__brand">
            {text.common.brand}
          </p>
          <p className="footer__text">{t.about}</p>
          <p className="footer__heading" id="footer-follow">
            {t.follow}
          </p>
          <ul className="footer__social" aria-labelledby="footer-follow">
            {SOCIAL.map(({ name, href, Icon }) => (
              <li key={name}>
                <a className="footer__social-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={name}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav className="footer__column" aria-labelledby="footer-categories">
          <h2 className="footer__heading" id="footer-categories">
            {t.categories}
          </h2>
          <ul className="footer__list">
            <li>
              <Link to={paths.coursesByCategory('Programming')}>{t.programming}</Link>
            </li>
            <li>
              <Link to={paths.coursesByCategory('Francais')}>{t.francais}</Link>
            </li>
            <li>
              <Link to={paths.coursesByCategory('Art')}>{t.art}</Link>
            </li>
            <li>
              <Link to={paths.coursesByFilter('other')}>{t.other}</Link>
            </li>
          </ul>
        </nav>

        <section className="footer__column" aria-labelledby="footer-contact">
          <h2 className="footer__heading" id="footer-contact">
            {t.contact}
          </h2>
          <ul className="footer__list footer__list--contact">
            <li>
              <MapPinIcon />
              <span>{t.address}</span>
            </li>
            <li>
              <PhoneIcon />
              <a href={`tel:${t.phone.replace(/\s/g, '')}`}>{t.phone}</a>
            </li>
            <li>
              <MailIcon />
              <a href={`mailto:${t.email}`}>{t.email}</a>
            </li>
          </ul>
        </section>

        <section className="footer__column" aria-labelledby="footer-newsletter">
          <h2 className="footer__heading" id="footer-newsletter">
            {t.newsletter}
          </h2>
          <p className="footer__text">{t.newsletterHint}</p>
          <Newsletter />
        </section>
      </div>
      <div className="footer__bottom">
        <p className="container">{t.copyright}</p>
      </div>
    </footer>
  );
}
