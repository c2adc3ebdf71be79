import { useTranslation } from 'react-i18next';

import './about.css';

/** The centre's presentation video (embedded privacy-friendly through youtube-nocookie). */
const VIDEO_URL = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';

export function About() {
  const { t } = useTranslation();
  return (
    <div className="about container page">
      <div className="about__intro">
        <div>
          <h1 className="page__title">{t('catalogue.about.title')}</h1>
          <p className="about__lead">{t('catalogue.about.lead')}</p>
          {t('catalogue.about.paragraphs', { returnObjects: true }).map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </div>
        <img
          className="about__image"
          src="/about-illustration.svg"
          alt={t('catalogue.about.imageAlt')}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
        />
      </div>
      <ul className="about__stats">
        {t('catalogue.about.stats', { returnObjects: true }).map((stat) => (
          <li key={stat.label} className="about__stat">
            <span className="about__stat-value">{stat.value}</span>
            <span className="about__stat-label">{stat.label}</span>
          </li>
        ))}
      </ul>
      <div className="about__video">
        <iframe
          src={VIDEO_URL}
          title={t('catalogue.about.videoTitle')}
          loading="lazy"
          width={960}
          height={540}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    </div>
  );
}
