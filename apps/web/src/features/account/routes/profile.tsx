import { useState } from 'react';
import { useAppSelector } from '@/app/store';
import { RequireAuth } from '@/components/guards';
import { useTranslation } from 'react-i18next';

import { MyOrders } from '../components/my-orders';
import { ProfileForm } from '../components/profile-form';
import '../components/profile.css';

export function ProfileRoute() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}

/** /profile: "Show my infos" and "Show my orders" switch between the two panels. */
function Profile() {
  const { t } = useTranslation();
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const [panel, setPanel] = useState<'infos' | 'orders'>('infos');
  if (!userInfo) return null;

  return (
    <div className="container page profile">
      <h1 className="page__title">{t('account.profile.title')}</h1>
      <div className="profile__switch" role="group" aria-label={t('account.profile.title')}>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'infos'}
          onClick={() => setPanel('infos')}
        >
          {t('account.profile.showInfos')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={panel === 'orders'}
          onClick={() => setPanel('orders')}
        >
          {t('account.profile.showOrders')}
        </button>
      </div>
      <section className="profile__panel">
        <h2 id="profile-panel-title" className="section-title">
          {panel === 'infos' ? t('account.profile.infoTitle') : t('account.profile.ordersTitle')}
        </h2>
        {/* The key gives a fresh form for a freshly signed-in user. */}
        {panel === 'infos' ? <ProfileForm key={userInfo._id} userInfo={userInfo} /> : <MyOrders />}
      </section>
    </div>
  );
}
