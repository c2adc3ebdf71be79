import { FacebookIcon, LinkedInIcon, WhatsAppIcon, XIcon } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';

/** Share URLs of the big networks; each opens in a new tab without access to this page. */
export function shareTargets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    {
      network: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      Icon: FacebookIcon,
    },
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, Icon: XIcon },
    {
      network: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      Icon: LinkedInIcon,
    },
    {
      network: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
      Icon: WhatsAppIcon,
    },
  ];
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="share">
      <p className="share__label" id="share-label">
        {t('catalogue.detail.share')}
      </p>
      <ul className="share__list" aria-labelledby="share-label">
        {shareTargets(url, title).map(({ network, href, Icon }) => (
          <li key={network}>
            <a
              className={`share__link share__link--${network.toLowerCase()}`}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('catalogue.detail.shareOn', { network })}
            >
              <Icon />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
