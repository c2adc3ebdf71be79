import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

import './not-found.css';

/** Every unknown route, and the kids' Quizz link /notfound: both show this 404 page. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('common.notFound')}
      </h1>
      <p className="not-found__hint">{t('common.notFoundHint')}</p>
      <div className="not-found__actions">
        <Link className="button" to={paths.home}>
          {t('common.backHome')}
        </Link>
        <Link className="button button--ghost" to={paths.courses}>
          {t('common.browseCourses')}
        </Link>
      </div>
    </section>
  );
}
